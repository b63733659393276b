/** Every leg and the session move audio in 20 ms frames, as phone carriers do. */
export const FRAME_MS = 20;

export const samplesPerFrame = (sampleRate: number): number => (sampleRate * FRAME_MS) / 1000;

/** Re-cuts arbitrary PCM chunks into whole 20 ms frames; the tail waits for the next chunk (or `drain`). */
export function createFramer(sampleRate: number) {
  const size = samplesPerFrame(sampleRate);
  let pending = new Int16Array(0);
  return {
    push(chunk: Int16Array): Int16Array[] {
      const all = new Int16Array(pending.length + chunk.length);
      all.set(pending);
      all.set(chunk, pending.length);
      const frames: Int16Array[] = [];
      let at = 0;
      for (; at + size <= all.length; at += size) frames.push(all.slice(at, at + size));
      pending = all.slice(at);
      return frames;
    },
    /** The last partial frame, padded with silence; nothing when there is no tail. */
    drain(): Int16Array[] {
      if (pending.length === 0) return [];
      const frame = new Int16Array(size);
      frame.set(pending);
      pending = new Int16Array(0);
      return [frame];
    },
  };
}

/** Root-mean-square level of a frame in dBFS (digital silence → -100). */
export function levelDb(frame: Int16Array): number {
  if (frame.length === 0) return -100;
  let sum = 0;
  for (const s of frame) sum += s * s;
  const rms = Math.sqrt(sum / frame.length) / 32768;
  return rms > 0 ? Math.max(-100, 20 * Math.log10(rms)) : -100;
}

export const silence = (sampleRate: number, ms: number): Int16Array => new Int16Array((sampleRate * ms) / 1000);
