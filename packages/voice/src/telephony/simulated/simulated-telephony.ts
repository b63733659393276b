import { createFramePacer, type FramePacer } from "../../session/frame-pacer.ts";
import type { TtsProvider } from "../../providers/tts/tts-provider.ts";
import type { CallLeg, DialRequest, EndReason, LegEvent, Telephony } from "../call-leg.ts";
import { parsePersona, transferPersona, type Persona } from "./persona-script.ts";
import type { AgentContext, BrainFactory } from "../../brain/brain.ts";
import { createAgentEars } from "./agent-ears.ts";
import { loadAudioClip } from "./audio-clips.ts";
import {
  FAQ_LINE,
  lineKey,
  personaClips,
  personaLines,
  startSimulatedCallee,
  type AgentWords,
} from "./simulated-callee.ts";
import { fillVariables } from "@parley/shared/fill-variables";

export type SimulatedTelephonyOptions = {
  /** The callees' voice (flite `slt` by default, unlike any agent voice). */
  tts: TtsProvider;
  calleeVoiceId?: string;
  ringMs?: number;
  noAnswerMs?: number;
  /** Callee audio has its own pacer so the agent's timing figures measure only the agent. */
  pacer?: FramePacer;
  /** The folder `play:<file>` steps read WAV files from (SIMULATED_AUDIO_DIR); unset, they are refused. */
  audioDir?: string | null;
};

const SAMPLE_RATE = 16_000; // pocketsphinx needs 16 kHz; the simulated line carries it

export type SimulatedTelephony = Telephony & {
  /** The agent's brain factory, wrapped so each callee hears the words of its agent (see agent-ears.ts). */
  listenToAgent(brain: BrainFactory): BrainFactory;
};

/** A carrier inside Parley: it rings, then answers as the contact's persona says, over real audio frames. */
export function createSimulatedTelephony(opts: SimulatedTelephonyOptions): SimulatedTelephony {
  const pacer = opts.pacer ?? createFramePacer();
  const ears = createAgentEars();
  return {
    name: "simulated",
    listenToAgent: (brain) => ears.listen(brain),
    async dial(req: DialRequest): Promise<CallLeg> {
      const listeners: ((e: LegEvent) => void)[] = [];
      const emit = (e: LegEvent) => listeners.forEach((l) => void l(e));
      let callee: ReturnType<typeof startSimulatedCallee> | null = null;
      let over = false;
      const end = (reason: EndReason, detail?: string) => {
        if (over) return;
        over = true;
        clearTimeout(timer);
        forget();
        callee?.stop();
        emit({ type: "ended", reason, ...(detail ? { detail } : {}) });
      };
      // A script that cannot be played (bad step, no audio folder, a file outside it or missing) is
      // refused before anything rings: the error reaches the call record through the dialler.
      const transfer = req.purpose === "transfer";
      let persona: Persona = transfer
        ? transferPersona(req.to)
        : parsePersona(req.persona, req.to, { audioDir: opts.audioDir });
      const clips = await loadClips(opts.audioDir, personaClips(persona));
      let lines = new Map<string, Int16Array>();
      let timer: NodeJS.Timeout | undefined;
      try {
        lines = await synthesizeLines(opts, personaLines(persona), req.signal);
        for (const [file, pcm] of clips) lines.set(lineKey({ kind: "play", file }), pcm);
      } catch (err) {
        persona = { kind: "failed" };
        setTimeout(() => end("failed", (err as Error).message), 0);
      }
      const p = persona;
      // What the agent says before the callee answers (its greeting is prepared while the phone rings).
      const early: Array<(a: AgentWords) => void> = [];
      const toCallee = (f: (a: AgentWords) => void) => (callee ? f(callee.agent) : early.push(f));
      let forget = () => {};
      // A transfer's person hears the agent's briefing as audio only: the contact's brain is not theirs.
      if (p.kind === "conversation" && !over && !transfer) {
        forget = ears.expect(req.to, {
          said: (text) => toCallee((a) => a.said(text)),
          thinking: (busy) => toCallee((a) => a.thinking(busy)),
          context: (ctx) => void prepareFaqLine(opts, p, ctx, lines, req.signal).catch(() => {}),
        });
      }
      req.signal.addEventListener("abort", () => end("cancelled"), { once: true });
      if (p.kind === "conversation" || p.kind === "voicemail") {
        timer = setTimeout(() => {
          emit({ type: "answered" });
          callee = startSimulatedCallee(p, {
            sampleRate: SAMPLE_RATE,
            pacer,
            lines,
            sendAudio: (frame) => emit({ type: "audio", frame }),
            press: (digit) => emit({ type: "dtmf", digit }),
            hangup: () => end("completed"),
          });
          for (const f of early.splice(0)) f(callee.agent);
        }, opts.ringMs ?? 1500);
      } else if (p.kind !== "failed") {
        timer = setTimeout(() => end(p.kind), p.kind === "busy" ? 800 : (opts.noAnswerMs ?? 6000));
      } else if (!over) timer = setTimeout(() => end("failed", "The carrier rejected the call."), 200);
      return {
        sampleRate: SAMPLE_RATE,
        on: (l) => void listeners.push(l),
        send: (frame) => callee?.hear(frame),
        clear: () => {}, // nothing is buffered on this line: frames play as they arrive
        hangup: () => end("completed"),
      };
    },
  };
}

/**
 * The campaign FAQ a `faq` step asks, synthesised while the phone rings;
 * until it is ready the preset's own line is said.
 */
async function prepareFaqLine(
  opts: SimulatedTelephonyOptions,
  p: Persona,
  ctx: AgentContext,
  lines: Map<string, Int16Array>,
  signal: AbortSignal,
) {
  const step = p.kind === "conversation" ? p.steps.find((s) => s.kind === "say" && s.faq !== undefined) : undefined;
  const faqs = ctx.campaign.faqs.filter((f) => f.question.trim());
  if (step?.kind !== "say" || step.faq === undefined || !faqs.length) return;
  // The question as the contact would ask it: "Do you serve {city}?" never reaches the callee's voice in braces.
  const question = fillVariables(faqs[step.faq % faqs.length]!.question, ctx.contact.variables);
  const audio = await synthesizeLines(opts, [question], signal);
  lines.set(FAQ_LINE, audio.get(question)!);
}

async function loadClips(audioDir: string | null | undefined, files: string[]): Promise<Map<string, Int16Array>> {
  const out = new Map<string, Int16Array>();
  if (!files.length) return out;
  if (!audioDir) throw new Error("play steps need SIMULATED_AUDIO_DIR");
  for (const file of files) out.set(file, await loadAudioClip(audioDir, file, SAMPLE_RATE));
  return out;
}

async function synthesizeLines(
  opts: SimulatedTelephonyOptions,
  lines: string[],
  signal: AbortSignal,
): Promise<Map<string, Int16Array>> {
  const out = new Map<string, Int16Array>();
  await Promise.all(
    lines.map(async (text) => {
      const chunks: Int16Array[] = [];
      for await (const c of opts.tts.synthesize(text, {
        voiceId: opts.calleeVoiceId ?? "flite:slt",
        sampleRate: SAMPLE_RATE,
        signal,
      }))
        chunks.push(c);
      const pcm = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) pcm.set(c, at), (at += c.length);
      out.set(text, pcm);
    }),
  );
  return out;
}
