import { greetingLine } from "@parley/voice/brain/rules-lines";
import type { TtsProvider } from "@parley/voice/providers/tts/tts-provider";
import type { GreetingPreview } from "@parley/shared/campaigns";
import { AppError, notFound } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import { toAgentContext } from "../calls/call-context.ts";
import type { CallContextRow } from "../calls/calls.repo.ts";
import type { GreetingPreviewRepo, PreviewContextRow } from "./greeting-preview.repo.ts";

type Deps = {
  repo: GreetingPreviewRepo;
  /** The calls' own TTS, default voice and recording setting: the preview is what a call would say. */
  tts: TtsProvider;
  defaultVoiceId: string;
  recording: boolean;
  clock: Clock;
  /** PCM16 mono → a complete WAV file. */
  encodeWav: (pcm: Int16Array, sampleRate: number) => Uint8Array;
};

const SAMPLE_RATE = 16000;

/**
 * The campaign's greeting as its first contact will hear it: the call runner's context (toAgentContext) and
 * the brains' greeting rule (greetingLine), so the preview cannot drift from what a call really says.
 */
export function createGreetingPreview(deps: Deps) {
  const { repo, tts } = deps;
  const voiceIds = () => tts.listVoices().then((vs) => new Set(vs.map((v) => v.id)), () => new Set<string>());

  async function firstContact(orgId: string, campaignId: string): Promise<PreviewContextRow> {
    const found = await repo.firstContact(orgId, campaignId);
    if (!found) throw notFound("Campaign");
    if (!found.row) throw new AppError("conflict", "Upload a contact list first: the preview is what its first contact will hear.");
    return found.row;
  }

  function greetingOf(row: PreviewContextRow): string {
    const asCall: CallContextRow = { ...row, call_id: "", persona: null, kb_document_ids: [], kb_phrases: [] };
    return greetingLine(toAgentContext(asCall, deps.recording, deps.clock));
  }

  return {
    async text(orgId: string, campaignId: string): Promise<GreetingPreview> {
      const row = await firstContact(orgId, campaignId);
      return { text: greetingOf(row), contact_name: row.contact_name };
    },

    /** The greeting as WAV in `voiceId` (else the campaign's voice, else the default: the call runner's rule). */
    async audio(orgId: string, campaignId: string, voiceId?: string): Promise<Uint8Array> {
      const row = await firstContact(orgId, campaignId);
      const known = await voiceIds();
      const voice = [voiceId, row.voice_id].find((v): v is string => !!v && known.has(v)) ?? deps.defaultVoiceId;
      const parts: Int16Array[] = [];
      for await (const chunk of tts.synthesize(greetingOf(row), { voiceId: voice, sampleRate: SAMPLE_RATE })) parts.push(chunk);
      const pcm = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (pcm.set(p, at), at + p.length), 0);
      if (!pcm.length) throw new AppError("internal", "The greeting could not be spoken. Please try another voice.");
      return deps.encodeWav(pcm, SAMPLE_RATE);
    },
  };
}
export type GreetingPreviewService = ReturnType<typeof createGreetingPreview>;
