import { createBeepDetector } from "../audio/beep.ts";
import { FRAME_MS } from "../audio/frames.ts";
import { toEngineRate } from "../audio/narrowband.ts";
import { createEndpointer, energyVad, type VadFactory } from "../audio/vad.ts";
import type { SttStream } from "../providers/stt/stt-provider.ts";
import { silenceToEndTurn } from "../turn-taking/endpoint-policy.ts";
import { judgeCompleteness } from "../turn-taking/utterance-completeness.ts";
import type { CallState } from "./call-state.ts";
import { createSessionBus, type HeardResult, type SessionBus, type Utterance } from "./session-bus.ts";
import type { TurnTakingOptions } from "./session-types.ts";

// Audio kept from before the confirmed start of speech, so first syllables reach STT (Silero confirms a soft
// onset up to 200 ms after it began).
const PREROLL_FRAMES = 20;
// The silence after speech reaches STT for 200 ms only (a decoder needs a little to end on); the rest of the
// endpoint's wait is written only if the callee speaks again, so the engine never decodes the silence that ends a
// turn and its work (and any backlog) stays proportional to the speech.
const STT_TAIL_FRAMES = 10;
// After 2 s of speech the engine is told of a pause after 100 ms of real silence: its pass over the whole
// utterance grows with the utterance's length, and so starts before the endpoint instead of after it.
const LONG_UTTERANCE_MS = 2000;
const LONG_STT_TAIL_FRAMES = 5;

type ListenerDeps = {
  legRate: number;
  cfg: TurnTakingOptions;
  stt: SttStream;
  /** The call's voice activity detection (default: energy, for tones and quiet lines). */
  vad?: VadFactory;
  /** The listener writes `calleeSpeaking`. */
  state: Pick<CallState, "agent" | "calleeSpeaking">;
  /** Reports each finished utterance, a barge-in, and the answering-machine signs. */
  bus: SessionBus;
};

/**
 * The callee's side of the call: voice activity, endpointing that listens to the words (turn-taking/), the
 * audio handed to STT, barge-in, the answering-machine signs (a long opening monologue, a beep).
 */
export function createCalleeListener(d: ListenerDeps) {
  const { state, bus } = d;
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
  let startedMs = 0;
  let over = false; // the call ended: nothing more is heard

  function utterance(startMs: number, endMs: number): void {
    held = [];
    const heard = d.stt.flush().catch((): HeardResult => ({ text: "", confidence: null, lost: true }));
    const speechMs = endMs - startMs;
    bus.emit({ type: "utterance", utterance: { startMs, endMs, speechMs, heard, text: heard.then((r) => r.text) } });
  }

  return {
    /**
     * The call ended while the callee was speaking (they said their last words and hung up at once): what was
     * written so far is an utterance too, flushed now rather than never.
     */
    end(): void {
      if (over) return;
      over = true;
      if (!endpointer.inSpeech()) return;
      state.calleeSpeaking = false;
      utterance(startedMs, startedMs + endpointer.speechMs());
    },
    push(frame: Int16Array): void {
      if (over) return;
      const speech = vad.isSpeech(frame);
      if (beep.push(frame)) bus.emit({ type: "beep" });
      const sttFrame = toEngineRate(frame, d.legRate, d.stt.sampleRate, d.stt.upsampling ?? "interpolate");
      const event = endpointer.push(speech);
      if (event?.type === "speech-start") {
        startedMs = event.atMs;
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
      state.calleeSpeaking = endpointer.inSpeech();
      const speechMs = endpointer.speechMs();
      if (speechMs >= d.cfg.bargeInMs && state.agent !== "silent") bus.emit({ type: "barge-in" });
      if (speechMs >= d.cfg.machineGreetingMs) bus.emit({ type: "long-greeting" });
      if (event?.type === "speech-end") utterance(event.atMs - event.speechMs, event.atMs);
    },
  };
}

/** The listener with nobody else on the line (a recording heard by `npm run transcribe`, benchmarks, tests). */
export function createLoneListener(
  d: Omit<ListenerDeps, "state" | "bus">,
  onUtterance: (u: Utterance) => void,
): ReturnType<typeof createCalleeListener> {
  const bus = createSessionBus();
  bus.on("utterance", (e) => onUtterance(e.utterance));
  return createCalleeListener({ ...d, state: { agent: "silent", calleeSpeaking: false }, bus });
}
