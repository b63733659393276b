/**
 * Linear-interpolation resampling of mono PCM16. Good enough for speech between 8, 16, 22.05 and 24 kHz;
 * a sinc filter can replace it behind the same signature.
 */
export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate || input.length === 0) return input;
  const ratio = fromRate / toRate;
  const out = new Int16Array(Math.floor(input.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const pos = i * ratio;
    const j = Math.floor(pos);
    const frac = pos - j;
    const a = input[j]!;
    const b = input[Math.min(j + 1, input.length - 1)]!;
    out[i] = Math.round(a + (b - a) * frac);
  }
  return out;
}
