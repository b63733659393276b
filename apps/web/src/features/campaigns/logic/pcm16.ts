/** The test call's wire format: PCM16 little-endian mono at 16 kHz, 20 ms per message. */
export const CALL_RATE = 16_000;
export const FRAME_SAMPLES = (CALL_RATE * 20) / 1000;

/**
 * Streaming downsampler from the AudioContext's rate (48 kHz, 44.1 kHz…) to 16 kHz. Each output sample is
 * the mean of the input samples in its window: a box filter that keeps most of what lies above 8 kHz from
 * folding back into the speech band, which plain sample-dropping would not.
 */
export function createDownsampler(inRate: number, outRate = CALL_RATE) {
  const step = inRate / outRate;
  let seen = 0;
  let edge = step;
  let acc = 0;
  let n = 0;
  let last = 0;
  return (input: Float32Array): Float32Array => {
    const out: number[] = [];
    for (const x of input) {
      acc += x;
      n++;
      seen++;
      while (seen >= edge) {
        last = n ? acc / n : last;
        out.push(last);
        acc = 0;
        n = 0;
        edge += step;
      }
    }
    return Float32Array.from(out);
  };
}

export function floatToPcm16(input: Float32Array): Int16Array {
  const out = new Int16Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const s = Math.max(-1, Math.min(1, input[i]!));
    out[i] = Math.round(s < 0 ? s * 0x8000 : s * 0x7fff);
  }
  return out;
}

export function pcm16ToFloat(input: Int16Array): Float32Array {
  const out = new Float32Array(input.length);
  for (let i = 0; i < input.length; i++) out[i] = input[i]! / 0x8000;
  return out;
}

/** Little-endian bytes, whatever the machine's own order (all browsers today are little-endian, but say so). */
export function pcm16ToBytes(pcm: Int16Array): ArrayBuffer {
  const buf = new ArrayBuffer(pcm.length * 2);
  const view = new DataView(buf);
  for (let i = 0; i < pcm.length; i++) view.setInt16(2 * i, pcm[i]!, true);
  return buf;
}

export function bytesToPcm16(buf: ArrayBuffer): Int16Array {
  const view = new DataView(buf);
  const out = new Int16Array(Math.floor(buf.byteLength / 2));
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(2 * i, true);
  return out;
}

/** Collects samples into whole 20 ms frames (fewer, larger WebSocket messages than 128-sample blocks). */
export function createFrameChunker(size = FRAME_SAMPLES) {
  let pending: number[] = [];
  return (pcm: Int16Array): Int16Array[] => {
    pending.push(...pcm);
    const frames: Int16Array[] = [];
    while (pending.length >= size) frames.push(Int16Array.from(pending.splice(0, size)));
    return frames;
  };
}

/** Peak level of a block, 0..1 on a dB scale from -60 dBFS (silent) to 0 dBFS, for the microphone meter. */
export function meterLevel(input: Float32Array): number {
  let peak = 0;
  for (const x of input) peak = Math.max(peak, Math.abs(x));
  if (peak <= 0.001) return 0;
  return Math.min(1, Math.max(0, (20 * Math.log10(peak) + 60) / 60));
}
