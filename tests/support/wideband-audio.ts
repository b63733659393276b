import { lowPass } from "@parley/voice/audio/narrowband";

/**
 * What tells 16 kHz ("HD voice") audio from a phone line's: the band above 4 kHz, which G.711 cannot carry.
 */

/** Share (0–1) of the energy of `samples` (at 16 kHz) that lies above 4 kHz. */
export function shareAbove4kHz(samples: Int16Array): number {
  const low = lowPass(samples, 16_000, 4000);
  let all = 0;
  let above = 0;
  for (let i = 0; i < samples.length; i++) {
    all += samples[i]! ** 2;
    above += (samples[i]! - low[i]!) ** 2;
  }
  return all ? above / all : 0;
}

/** The `n`th 20 ms frame (16 kHz) of a 6 kHz tone: only a wideband line carries it. */
export const tone6kHz = (n: number): Int16Array =>
  Int16Array.from({ length: 320 }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 6000 * (n * 320 + i)) / 16_000)),
  );
