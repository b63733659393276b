import { createBeepDetector } from "../audio/beep.ts";
import { FRAME_MS } from "../audio/frames.ts";
import { toEngineRate } from "../audio/narrowband.ts";
import { createEndpointer, energyVad, type VadFactory } from "../audio/vad.ts";
import type { SttResult, SttStream } from "../providers/stt/stt-provider.ts";
import { silenceToEndTurn } from "../turn-taking/endpoint-policy.ts";
import { judgeCompleteness } from "../turn-taking/utterance-completeness.ts";
import type { TurnTakingOptions } from "./session-types.ts";

/** One finished callee utterance; times are ms since the answer, what was heard arrives when STT is done. */
export type Utterance = { startMs: number; endMs: number; speechMs: number; heard: Promise<SttResult>; text: Promise<string> };

// 400 ms kept before the confirmed start, so first syllables reach STT: Silero confirms a soft onset up to
// 200 ms after it began (hearing dev set, WER at 16 kHz / phone: 26.0 / 38.5% with 200 ms, 26.0 / 36.5% with
// 300 ms, 24.0 / 36.5% with 400 or 600 ms; chosen on the odd-numbered clips).
const PREROLL_FRAMES = 20;
// Silence after speech reaches STT for 200 ms only (a decoder needs a little to end on); the rest of the
// endpoint's wait (up to 900 ms mid-phrase) is held back and written only if the callee speaks again, so the
// engine never decodes silence that ends the turn: its work at the endpoint (pocketsphinx's flat pass over
// the whole utterance) and any backlog stay proportional to the speech.
const STT_TAIL_FRAMES = 10;
// The flat pass at a pause grows with the utterance (about 30 ms of CPU per second of speech here; 190 ms for the
// dev set's 6.6 s sentence), more than a complete turn's 250 ms endpoint leaves after a 200 ms tail. After 2 s of
// speech the engine is told once the VAD has seen 100 ms of real silence (its hold counts in; at least one silent
// frame), so the flat pass starts 230 ms before that endpoint instead of 50. Hearing dev set, WER unchanged (24.0 /
// 30.2% at 16 kHz / phone); the 6.6 s sentence's final text came 95–189 ms after the endpoint, now 1–4 ms (also
// with a core kept busy). From 1 s instead of 2 it splits short sentences at their gaps (26.0 / 38.5%); every
// utterance told after 100 ms of real silence: 28.1 / 37.5%.
const LONG_UTTERANCE_MS = 2000;
const LONG_STT_TAIL_FRAMES = 5;

type ListenerDeps = {
  legRate: number;
  sttRate: number;
  cfg: TurnTakingOptions;
  stt: SttStream;
  /** The call's voice activity detection (default: energy, for tones and quiet lines). */
  vad?: VadFactory;
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
  const vad = (d.vad ?? energyVad)(d.legRate);
  const longTail = Math.max(1, LONG_STT_TAIL_FRAMES - Math.round((vad.holdMs ?? 0) / FRAME_MS));
  // The words heard so far (the engine's partial text, "" without one) tell how long a pause ends the turn.
  const endpointer = createEndpointer({
    silenceMs: (speechMs) => silenceToEndTurn(d.cfg, { words: judgeCompleteness(d.stt.partial?.() ?? ""), speechMs }),
  });
  const beep = createBeepDetector(d.legRate);
  let preroll: Int16Array[] = [];
  let held: Int16Array[] = []; // silent frames past STT_TAIL_FRAMES, written only if speech resumes
  let silentFrames = 0;

  return {
    push(frame: Int16Array): void {
      const speech = vad.isSpeech(frame);
      if (beep.push(frame)) d.onBeep();
      const sttFrame = toEngineRate(frame, d.legRate, d.sttRate, d.stt.upsampling ?? "interpolate");
      const event = endpointer.push(speech);
      if (event?.type === "speech-start") {
        for (const f of [...preroll, sttFrame]) d.stt.write(f);
        preroll = [];
        silentFrames = 0;
      } else if (endpointer.inSpeech() || event?.type === "speech-end") {
        silentFrames = speech ? 0 : silentFrames + 1;
        const tail = endpointer.speechMs() >= LONG_UTTERANCE_MS ? longTail : STT_TAIL_FRAMES;
        if (silentFrames > tail) held.push(sttFrame);
        else for (const f of [...held.splice(0), sttFrame]) d.stt.write(f);
        if (silentFrames === tail) d.stt.pause?.();
      } else {
        preroll.push(sttFrame);
        if (preroll.length > PREROLL_FRAMES) preroll.shift();
      }
      const speechMs = endpointer.speechMs();
      if (speechMs >= d.cfg.bargeInMs && d.isAgentSpeaking()) d.onBargeIn();
      if (speechMs >= d.cfg.machineGreetingMs) d.onLongGreeting();
      if (event?.type === "speech-end") {
        held = [];
        const heard = d.stt.flush().catch((): SttResult => ({ text: "", confidence: null }));
        d.onUtterance({ startMs: event.atMs - event.speechMs, endMs: event.atMs, speechMs: event.speechMs, heard, text: heard.then((r) => r.text) });
      }
    },
    inSpeech: () => endpointer.inSpeech(),
  };
}
