import { levelDb } from "./frames.ts";

/** Power of one frequency in a frame (Goertzel), relative to the frame's total power (0..1). */
export function toneShare(frame: Int16Array, sampleRate: number, freq: number): number {
  const k = 2 * Math.cos((2 * Math.PI * freq) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  let total = 0;
  for (const x of frame) {
    const s0 = x + k * s1 - s2;
    s2 = s1;
    s1 = s0;
    total += x * x;
  }
  const power = s1 * s1 + s2 * s2 - k * s1 * s2;
  return total > 0 ? (2 * power) / (frame.length * total) : 0;
}

/** Zero crossings only estimate the pitch, so look around it. */
const bestShare = (frame: Int16Array, sampleRate: number, f: number): number =>
  Math.max(...[-30, -15, 0, 15, 30].map((d) => toneShare(frame, sampleRate, f + d)));

/** Dominant frequency estimated from zero crossings: a pure tone crosses zero twice per period. */
function zeroCrossingFreq(frame: Int16Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < frame.length; i++) if (frame[i - 1]! < 0 !== frame[i]! < 0) crossings++;
  return (crossings * sampleRate) / (2 * frame.length);
}

/**
 * Answering-machine beep: a loud, pure tone (300–2500 Hz) held for at least `minMs`. Speech is never
 * that pure for that long, so a run of tonal frames is the beep.
 */
export function createBeepDetector(sampleRate: number, minMs = 160) {
  let run = 0;
  return {
    push(frame: Int16Array, frameMs = 20): boolean {
      const f = zeroCrossingFreq(frame, sampleRate);
      const tonal = levelDb(frame) > -30 && f > 300 && f < 2500 && bestShare(frame, sampleRate, f) > 0.6;
      run = tonal ? run + frameMs : 0;
      return run >= minMs;
    },
  };
}

/** A sine tone, used by the simulated answering machine and by tests. */
export function tone(sampleRate: number, freq: number, ms: number, amplitude = 12000): Int16Array {
  const out = new Int16Array((sampleRate * ms) / 1000);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * freq * i) / sampleRate));
  return out;
}
