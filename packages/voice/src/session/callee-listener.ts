import { createBeepDetector } from "../audio/beep.ts";
import { resample } from "../audio/resample.ts";
import { createEndpointer, createVad } from "../audio/vad.ts";
import type { SttResult, SttStream } from "../providers/stt/stt-provider.ts";
import { silenceToEndTurn } from "../turn-taking/endpoint-policy.ts";
import { judgeCompleteness } from "../turn-taking/utterance-completeness.ts";
import type { TurnTakingOptions } from "./session-types.ts";

/** One finished callee utterance; times are ms since the answer, what was heard arrives when STT is done. */
export type Utterance = { startMs: number; endMs: number; speechMs: number; heard: Promise<SttResult>; text: Promise<string> };

const PREROLL_FRAMES = 10; // 200 ms kept before the confirmed start, so first syllables reach STT

type ListenerDeps = {
  legRate: number;
  sttRate: number;
  cfg: TurnTakingOptions;
  stt: SttStream;
  isAgentSpeaking(): boolean;
  now(): number;
  onBargeIn(): void;
  onLongGreeting(): void;
  onBeep(): void;
  onUtterance(u: Utterance): void;
};

/**
 * The callee's side of the call: voice activity, endpointing that listens to the words (turn-taking/), the
 * audio handed to STT, barge-in, the answering-machine signs (a long opening monologue, a beep).
 */
export function createCalleeListener(d: ListenerDeps) {
  const vad = createVad();
  // The words heard so far (the engine's partial text, "" without one) tell how long a pause ends the turn.
  const endpointer = createEndpointer({
    silenceMs: (speechMs) => silenceToEndTurn(d.cfg, { words: judgeCompleteness(d.stt.partial?.() ?? ""), speechMs }),
  });
  const beep = createBeepDetector(d.legRate);
  let preroll: Int16Array[] = [];

  return {
    push(frame: Int16Array): void {
      const speech = vad.isSpeech(frame);
      if (beep.push(frame)) d.onBeep();
      const sttFrame = resample(frame, d.legRate, d.sttRate);
      const event = endpointer.push(speech);
      if (event?.type === "speech-start") {
        for (const f of [...preroll, sttFrame]) d.stt.write(f);
        preroll = [];
      } else if (endpointer.inSpeech() || event?.type === "speech-end") {
        d.stt.write(sttFrame);
      } else {
        preroll.push(sttFrame);
        if (preroll.length > PREROLL_FRAMES) preroll.shift();
      }
      const speechMs = endpointer.speechMs();
      if (speechMs >= d.cfg.bargeInMs && d.isAgentSpeaking()) d.onBargeIn();
      if (speechMs >= d.cfg.machineGreetingMs) d.onLongGreeting();
      if (event?.type === "speech-end") {
        const heard = d.stt.flush().catch((): SttResult => ({ text: "", confidence: null }));
        d.onUtterance({ startMs: event.atMs - event.speechMs, endMs: event.atMs, speechMs: event.speechMs, heard, text: heard.then((r) => r.text) });
      }
    },
    inSpeech: () => endpointer.inSpeech(),
  };
}
