import { resample } from "./resample.ts";

/**
 * Phone-line audio (8 kHz: nothing above 4 kHz) and the wideband (16 kHz) models that must hear it.
 *
 * pocketsphinx's English model was trained on 16 kHz speech; its features span 130–6800 Hz. Phone audio
 * interpolated to 16 kHz leaves its upper filters almost empty, and the model hears little (hearing dev set,
 * whole clips through a band-limited 8 kHz mu-law line: 55% WER interpolated, 85% with the band above 4 kHz
 * removed cleanly). Refitting the features to 8 kHz (`-samprate 8000 -nfft 256 -upperf 3500`, or `-upperf
 * 4000` at 16 kHz) makes them ones the model never saw (~100%). Folding the phone band into the empty one, the
 * oldest bandwidth extension there is (each sample followed by a zero: the 0–4 kHz spectrum and its mirror
 * image at 4–8 kHz), gives the upper filters speech-like energy that moves with the speech: 47%.
 */
export function mirrorToWideband(frame: Int16Array): Int16Array {
  const out = new Int16Array(frame.length * 2);
  for (let i = 0; i < frame.length; i++) out[2 * i] = frame[i]!;
  return out;
}

/** A leg's frame at the engine's rate: 8 → 16 kHz folded (`mirror`) or interpolated, any other pair interpolated. */
export function toEngineRate(frame: Int16Array, legRate: number, engineRate: number, upsampling: "mirror" | "interpolate"): Int16Array {
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
    return (k === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * k) / (Math.PI * k)) * (0.54 - 0.46 * Math.cos((2 * Math.PI * n) / m));
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
