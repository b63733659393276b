/** `samples` with repeatable white noise `snrDb` under the power of `speech` (a test's noisy line). */
export function withWhiteNoise(samples: Int16Array, speech: Int16Array, snrDb: number): Int16Array {
  const speechRms = Math.sqrt(speech.reduce((n, s) => n + s * s, 0) / speech.length);
  const amplitude = (speechRms / 10 ** (snrDb / 20)) * Math.sqrt(3); // uniform noise in ±a has RMS a/√3
  let seed = 7;
  const uniform = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed / 2 ** 31) * 2 - 1;
  };
  return samples.map((s) => Math.max(-32768, Math.min(32767, Math.round(s + uniform() * amplitude))));
}
