import { FRAME_MS, levelDb } from "./frames.ts";

export type VadOptions = {
  /** A frame this far above the noise floor is speech. */
  marginDb?: number;
  /** Frames quieter than this are never speech, whatever the floor. */
  minSpeechDb?: number;
};

/**
 * Energy voice-activity detection with an adaptive noise floor: cheap enough for hundreds of calls on
 * two cores, and robust on synthetic and phone audio. A model-based VAD can replace it behind `isSpeech`.
 */
export function createVad(opts: VadOptions = {}) {
  const margin = opts.marginDb ?? 12;
  const minDb = opts.minSpeechDb ?? -45;
  let floor = -60;
  return {
    isSpeech(frame: Int16Array): boolean {
      const db = levelDb(frame);
      const speech = db > minDb && db > floor + margin;
      // The floor follows quiet frames quickly and loud ones very slowly, so speech does not raise it.
      floor = speech ? floor + 0.002 * (db - floor) : floor + 0.1 * (db - floor);
      floor = Math.min(floor, -25);
      return speech;
    },
  };
}

export type EndpointEvent = { type: "speech-start"; atMs: number } | { type: "speech-end"; atMs: number; speechMs: number };

export type EndpointerOptions = {
  /** Speech must last this long to count (filters clicks). */
  minSpeechMs?: number;
  /** Silence after speech that ends the utterance (turn-taking). */
  silenceMs?: number;
};

/**
 * Turns per-frame speech decisions into utterances: start after `minSpeechMs` of speech, end after
 * `silenceMs` of silence. `atMs` of an end is when the speech really stopped, not when it was noticed.
 */
export function createEndpointer(opts: EndpointerOptions = {}) {
  const minSpeech = opts.minSpeechMs ?? 60;
  const silenceMs = opts.silenceMs ?? 500;
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
      if (t - lastSpeechAt < silenceMs) return null;
      inSpeech = false;
      run = 0;
      return { type: "speech-end", atMs: lastSpeechAt, speechMs: lastSpeechAt - startedAt };
    },
    /** How long the current utterance has lasted, 0 when nobody speaks. */
    speechMs: () => (inSpeech ? lastSpeechAt - startedAt : 0),
    inSpeech: () => inSpeech,
  };
}
