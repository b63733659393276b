import { greetingLine } from "@parley/voice/brain/rules-lines";
import type { TtsProvider } from "@parley/voice/providers/tts/tts-provider";
import type { GreetingPreview } from "@parley/shared/campaigns";
import type { PreviewContact } from "@parley/shared/campaign-preview";
import { AppError, notFound } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import { toAgentContext } from "../calls/call-context.ts";
import type { CallContextRow } from "../calls/calls.repo.ts";
import type {
  GreetingPreviewRepo,
  PreviewCampaignRow,
  PreviewContextRow,
  PreviewOrgRow,
} from "./greeting-preview.repo.ts";

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

/**
 * What to preview: a saved campaign as saved (`campaignId` alone), or a draft's opening line for a contact
 * read from a file not yet uploaded (`contact`), else for the saved campaign's first contact.
 */
export type PreviewSource = { campaignId?: string; openingLine?: string; contact?: PreviewContact };

const SAMPLE_RATE = 16000;
export const NO_LIST_MESSAGE =
  "Choose a contact list (Upload CSV File) first: the preview is what its first contact will hear.";

// A draft has no campaign yet: the greeting reads only the organisation, the opening line and the contact.
const NO_CAMPAIGN = {
  campaign_id: "",
  campaign_name: "",
  description: "",
  opening_line: "",
  goal: "",
  service: "",
  faqs: [],
  timezone: "UTC",
  business_hours_start: "09:00",
  business_hours_end: "17:00",
  voice_id: null,
  campaign_direction: "outbound" as const,
} satisfies Partial<PreviewContextRow>;

/** The contact columns of the context, from the request's contact, else the campaign's first contact. */
function contactColumns(source: PreviewSource, saved: PreviewCampaignRow | null) {
  const c = source.contact;
  if (c)
    return {
      contact_id: "",
      contact_name: c.name,
      first_name: c.first_name,
      phone: c.phone,
      email: "",
      variables: c.variables,
    };
  if (!saved?.contact_id) throw new AppError("conflict", NO_LIST_MESSAGE);
  return {
    contact_id: saved.contact_id,
    contact_name: saved.contact_name ?? "",
    first_name: saved.first_name ?? "",
    phone: saved.phone ?? "",
    email: saved.email ?? "",
    variables: saved.variables ?? {},
  };
}

/**
 * The greeting a contact will hear: the call runner's context (toAgentContext) and the brains' greeting rule
 * (greetingLine), so the preview cannot drift from what a call really says. Saved and draft previews take
 * the same path (`context`), differing only in where the opening line and the contact come from.
 */
export function createGreetingPreview(deps: Deps) {
  const { repo, tts } = deps;
  const voiceIds = () =>
    tts.listVoices().then(
      (vs) => new Set(vs.map((v) => v.id)),
      () => new Set<string>(),
    );

  async function context(orgId: string, source: PreviewSource): Promise<PreviewContextRow> {
    const saved = source.campaignId === undefined ? null : await repo.campaign(orgId, source.campaignId);
    if (source.campaignId !== undefined && !saved) throw notFound("Campaign");
    const org: PreviewOrgRow | null = saved ?? (await repo.org(orgId));
    if (!org) throw notFound("Organization");
    const campaign = saved ?? NO_CAMPAIGN;
    return {
      org_id: org.org_id,
      org_name: org.org_name,
      agent_name: org.agent_name,
      company_name: org.company_name,
      campaign_id: campaign.campaign_id,
      campaign_name: campaign.campaign_name,
      description: campaign.description,
      opening_line: source.openingLine ?? campaign.opening_line,
      goal: campaign.goal,
      service: campaign.service,
      faqs: campaign.faqs,
      timezone: campaign.timezone,
      business_hours_start: campaign.business_hours_start,
      business_hours_end: campaign.business_hours_end,
      voice_id: campaign.voice_id,
      campaign_direction: campaign.campaign_direction,
      ...contactColumns(source, saved),
    };
  }

  function greetingOf(row: PreviewContextRow): string {
    const asCall: CallContextRow = {
      ...row,
      call_id: "",
      persona: null,
      kb_document_ids: [],
      kb_phrases: [],
      transfer_to: null,
      // The greeting says no time: the team's hours do not shape it.
      team_timezone: row.timezone,
      team_hours_start: row.business_hours_start,
      team_hours_end: row.business_hours_end,
    };
    return greetingLine(toAgentContext(asCall, deps.recording, deps.clock));
  }

  return {
    async text(orgId: string, source: PreviewSource): Promise<GreetingPreview> {
      const row = await context(orgId, source);
      const saved = source.campaignId !== undefined && !source.contact;
      const list = saved ? await repo.variableGaps(orgId, row.campaign_id) : undefined;
      return { text: greetingOf(row), contact_name: row.contact_name, ...(list ? { list } : {}) };
    },

    /** The greeting as WAV in `voiceId` (else the campaign's voice, else the default: the call runner's rule). */
    async audio(orgId: string, source: PreviewSource, voiceId?: string): Promise<Uint8Array> {
      const row = await context(orgId, source);
      const known = await voiceIds();
      const voice = [voiceId, row.voice_id].find((v): v is string => !!v && known.has(v)) ?? deps.defaultVoiceId;
      const parts: Int16Array[] = [];
      for await (const chunk of tts.synthesize(greetingOf(row), { voiceId: voice, sampleRate: SAMPLE_RATE }))
        parts.push(chunk);
      const pcm = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (pcm.set(p, at), at + p.length), 0);
      if (!pcm.length) throw new AppError("internal", "The greeting could not be spoken. Please try another voice.");
      return deps.encodeWav(pcm, SAMPLE_RATE);
    },
  };
}
export type GreetingPreviewService = ReturnType<typeof createGreetingPreview>;
