import { resample } from "./resample.ts";

/**
 * Phone-line audio (8 kHz: nothing above 4 kHz) for a model trained on 16 kHz speech. Interpolated, the model's
 * upper filters stay empty and it hears little; refitted to 8 kHz, the features are ones it never saw. Folding
 * (each sample followed by a zero: the 0–4 kHz spectrum and its mirror image at 4–8 kHz) gives those filters
 * speech-like energy that moves with the speech (docs/speech-recognition.md, `npm run bench -- hearing`).
 */
export function mirrorToWideband(frame: Int16Array): Int16Array {
  const out = new Int16Array(frame.length * 2);
  for (let i = 0; i < frame.length; i++) out[2 * i] = frame[i]!;
  return out;
}

/** A leg's frame at the engine's rate: 8 → 16 kHz folded (`mirror`) or interpolated, any other pair interpolated. */
export function toEngineRate(
  frame: Int16Array,
  legRate: number,
  engineRate: number,
  upsampling: "mirror" | "interpolate",
): Int16Array {
  if (upsampling === "mirror" && engineRate === 2 * legRate) return mirrorToWideband(frame);
  return resample(frame, legRate, engineRate);
}

// 63-tap Hamming-windowed sinc low-pass: an 8 kHz line keeps below ~3.4–3.6 kHz (G.711 channels are specified
// to 3.4 kHz), so the simulated line must not fold the speech above 4 kHz back into the band as plain
// decimation would.
const TAPS = 63;

/** Low-passes `samples` (at `rate`) below `cutoffHz`. */
export function lowPass(samples: Int16Array, rate: number, cutoffHz: number): Int16Array {
  const fc = cutoffHz / rate;
  const m = TAPS - 1;
  const h = Array.from({ length: TAPS }, (_, n) => {
    const k = n - m / 2;
    return (
      (k === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * k) / (Math.PI * k)) *
      (0.54 - 0.46 * Math.cos((2 * Math.PI * n) / m))
    );
  });
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    let acc = 0;
    for (let n = 0; n < TAPS; n++) {
      const j = i - n + m / 2;
      if (j >= 0 && j < samples.length) acc += h[n]! * samples[j]!;
    }
    out[i] = Math.max(-32768, Math.min(32767, Math.round(acc)));
  }
  return out;
}

/** A recording as an 8 kHz phone line carries it: band-limited, then sampled at 8 kHz. */
export function toPhoneBand(samples: Int16Array, rate: number): Int16Array {
  return resample(lowPass(samples, rate, Math.min(3600, rate / 2)), rate, 8000);
}
