/** The test call's wire format: PCM16 little-endian mono at 16 kHz, 20 ms per message. */
export const CALL_RATE = 16_000;
export const FRAME_SAMPLES = (CALL_RATE * 20) / 1000;

/** Half the kernel's width in output samples: 8 gives a steep low-pass for 0.5 ms of delay at 16 kHz. */
const KERNEL_HALF_OUT = 8;
/** The low-pass stops just under the output's Nyquist (8 kHz at 16 kHz), where speech has little left. */
const CUTOFF = 0.9;
/** Kernel table entries per input sample. */
const TABLE_STEPS = 256;

/**
 * Streaming downsampler from the AudioContext's rate (48 kHz, 44.1 kHz…) to 16 kHz: a windowed-sinc
 * low-pass evaluated at each output instant. A box filter (the mean of each window) was used before; at
 * 44.1 kHz its windows alternate between 2 and 3 samples, and that pattern put tones into the speech band
 * that made the recogniser mishear words ("warranty" heard as "windy"). Each output sample lags its
 * input by the kernel's half width, so an output is ready as soon as its last input is.
 */
export function createDownsampler(inRate: number, outRate = CALL_RATE) {
  const step = inRate / outRate;
  const ratio = (outRate / inRate) * CUTOFF; // cutoff in cycles per input sample, times 2
  const half = Math.ceil(KERNEL_HALF_OUT * step); // in input samples
  const exact = (d: number) => {
    const x = Math.PI * ratio * d;
    const sinc = x === 0 ? 1 : Math.sin(x) / x;
    return ratio * sinc * (0.5 + 0.5 * Math.cos((Math.PI * d) / (half + 1))); // Hann window
  };
  // Tabulated finely and interpolated, so no sine is computed per tap per output sample.
  const table = Float64Array.from({ length: 2 * half * TABLE_STEPS + 2 }, (_, k) => exact(k / TABLE_STEPS - half));
  const kernel = (d: number) => {
    const pos = (d + half) * TABLE_STEPS;
    const i = Math.floor(pos);
    return table[i]! + (pos - i) * (table[i + 1]! - table[i]!);
  };
  let history: number[] = new Array(2 * half).fill(0); // silence before the first sample
  let base = -2 * half; // absolute index of history[0]
  let seen = 0; // inputs received
  let next = 0; // absolute input index the next output's kernel ends at
  return (input: Float32Array): Float32Array => {
    history.push(...input);
    seen += input.length;
    const out: number[] = [];
    while (next <= seen - 1) {
      const centre = next - half;
      let acc = 0;
      for (let j = Math.ceil(centre - half); j <= Math.floor(centre + half); j++)
        acc += (history[j - base] ?? 0) * kernel(centre - j);
      out.push(acc);
      next += step;
    }
    const keep = Math.floor(next - 2 * half) - 1;
    if (keep > base) {
      history = history.slice(keep - base);
      base = keep;
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
  const pending: number[] = [];
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

/** A WAV file (RIFF, PCM16 mono) of these samples: what POST /voice/KB/transcribe takes. */
export function pcm16ToWav(pcm: Int16Array, rate = CALL_RATE): ArrayBuffer {
  const buf = new ArrayBuffer(44 + pcm.length * 2);
  const view = new DataView(buf);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => void view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + pcm.length * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, pcm.length * 2, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(44 + 2 * i, pcm[i]!, true);
  return buf;
}

/** Frames captured one after another, as one run of samples. */
export function joinPcm16(frames: Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
  frames.reduce((at, f) => (out.set(f, at), at + f.length), 0);
  return out;
}
