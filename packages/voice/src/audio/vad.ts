import { FRAME_MS, levelDb } from "./frames.ts";

/** Tells, frame by frame, whether the callee is speaking. */
export type Vad = {
  isSpeech(frame: Int16Array): boolean;
  /** How long it goes on saying speech after the speech stopped (a hold that bridges the gaps between words). */
  holdMs?: number;
};

/** A call's VAD for its leg's sample rate: energy (here) or Silero (`silero-vad.ts`). */
export type VadFactory = (legRate: number) => Vad;

export type VadOptions = {
  /** A frame this far above the noise floor is speech. */
  marginDb?: number;
  /** Frames quieter than this are never speech, whatever the floor. */
  minSpeechDb?: number;
};

// The noise floor is the quietest frame of the last 4 s ("minimum statistics"): running speech always has
// quiet gaps between words, so the floor stays at the line's noise, while steady noise with no gaps lifts it
// to its own level within 4 s (longer than an answering machine's greeting must last to be recognised, 3.5 s:
// the `instant` voices' greetings are steady tones). A
// floor that follows quiet-looking frames instead climbs during soft speech and then hears the rest of the
// sentence as silence.
const FLOOR_WINDOW_FRAMES = Math.round(4000 / FRAME_MS);

/**
 * Energy voice-activity detection against the line's noise floor: cheap, right on quiet lines and on tones
 * (the `instant` load-test voices), but noise within its margin of the speech is speech to it.
 * Real calls use Silero (`silero-vad.ts`) where it loads.
 */
export function createVad(opts: VadOptions = {}): Vad {
  const margin = opts.marginDb ?? 12;
  const minDb = opts.minSpeechDb ?? -45;
  const recent = new Float64Array(FLOOR_WINDOW_FRAMES).fill(-60);
  let at = 0;
  return {
    isSpeech(frame: Int16Array): boolean {
      const db = levelDb(frame);
      recent[at] = db;
      at = (at + 1) % recent.length;
      let floor = Infinity;
      for (const x of recent) floor = Math.min(floor, x); // 150 values: cheaper than a deque at this size
      return db > minDb && db > Math.min(floor, -25) + margin;
    },
  };
}

export const energyVad: VadFactory = () => createVad();

export type EndpointEvent =
  | { type: "speech-start"; atMs: number }
  | { type: "speech-end"; atMs: number; speechMs: number };

export type EndpointerOptions = {
  /** Speech must last this long to count (filters clicks). */
  minSpeechMs?: number;
  /**
   * Silence after speech that ends the utterance (turn-taking): fixed, or asked again on each silent frame
   * given how long the utterance has lasted (the words heard so far may change the answer).
   */
  silenceMs?: number | ((speechMs: number) => number);
};

/**
 * Turns per-frame speech decisions into utterances: start after `minSpeechMs` of speech, end after
 * `silenceMs` of silence. `atMs` of an end is when the speech really stopped, not when it was noticed.
 */
export function createEndpointer(opts: EndpointerOptions = {}) {
  const minSpeech = opts.minSpeechMs ?? 60;
  const silence = opts.silenceMs ?? 500;
  const silenceMs = typeof silence === "number" ? () => silence : silence;
  let t = 0;
  let run = 0; // consecutive speech ms before the start is confirmed
  let inSpeech = false;
  let startedAt = 0;
  let lastSpeechAt = 0;
  return {
    /** Feed one frame's decision; answers an event when the state changes. */
    push(speech: boolean): EndpointEvent | null {
      t += FRAME_MS;
      if (!inSpeech) {
        run = speech ? run + FRAME_MS : 0;
        if (run < minSpeech) return null;
        inSpeech = true;
        startedAt = t - run;
        lastSpeechAt = t;
        return { type: "speech-start", atMs: startedAt };
      }
      if (speech) lastSpeechAt = t;
      if (speech || t - lastSpeechAt < silenceMs(lastSpeechAt - startedAt)) return null;
      inSpeech = false;
      run = 0;
      return { type: "speech-end", atMs: lastSpeechAt, speechMs: lastSpeechAt - startedAt };
    },
    /** How long the current utterance has lasted, 0 when nobody speaks. */
    speechMs: () => (inSpeech ? lastSpeechAt - startedAt : 0),
    inSpeech: () => inSpeech,
  };
}
