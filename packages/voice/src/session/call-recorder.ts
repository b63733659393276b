import { encodeWav } from "../audio/wav.ts";

/** A growable mono track where audio is written at its true time offset. */
function createTrack() {
  let data = new Int16Array(16000 * 30);
  let length = 0;
  return {
    write(at: number, frame: Int16Array): void {
      const end = at + frame.length;
      if (end > data.length) {
        const bigger = new Int16Array(Math.max(end, data.length * 2));
        bigger.set(data);
        data = bigger;
      }
      data.set(frame, at);
      length = Math.max(length, end);
    },
    length: () => length,
    sample: (i: number) => (i < length ? (data[i] ?? 0) : 0),
  };
}

/**
 * The call's stereo recording: callee on the left, agent on the right, each at the moment it was heard,
 * so overlaps and pauses sound as they did.
 */
export function createCallRecorder(sampleRate: number) {
  const callee = createTrack();
  const agent = createTrack();
  let calleeAt = 0;
  const offset = (ms: number) => Math.max(0, Math.round((ms * sampleRate) / 1000));
  return {
    /** Callee frames arrive in real time, one after another. */
    callee(frame: Int16Array): void {
      callee.write(calleeAt, frame);
      calleeAt += frame.length;
    },
    /** An agent frame sent `atMs` after the answer. */
    agent(frame: Int16Array, atMs: number): void {
      agent.write(offset(atMs), frame);
    },
    /** The callee's audio from `fromMs` to `toMs` after the answer (hearing it again after the call). */
    calleeAudio(fromMs: number, toMs: number): Int16Array {
      const from = offset(fromMs);
      const to = Math.max(from, Math.min(offset(toMs), callee.length()));
      const out = new Int16Array(to - from);
      for (let i = from; i < to; i++) out[i - from] = callee.sample(i);
      return out;
    },
    durationMs: () => (Math.max(callee.length(), agent.length()) * 1000) / sampleRate,
    toWav(): Buffer {
      const n = Math.max(callee.length(), agent.length());
      const stereo = new Int16Array(n * 2);
      for (let i = 0; i < n; i++) {
        stereo[2 * i] = callee.sample(i);
        stereo[2 * i + 1] = agent.sample(i);
      }
      return encodeWav(stereo, sampleRate, 2);
    },
  };
}

export type CallRecorder = ReturnType<typeof createCallRecorder>;
