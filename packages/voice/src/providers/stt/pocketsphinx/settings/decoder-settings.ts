import path from "node:path";

/** Where Debian's pocketsphinx-en-us puts the US English model (acoustic model, language model, dictionary). */
export const DEFAULT_MODEL = "/usr/share/pocketsphinx/model/en-us";
export const SAMPLE_RATE = 16_000; // the Debian model is trained on 16 kHz speech and fails on 8 kHz
export const MIN_SAMPLES = SAMPLE_RATE / 10; // shorter than 100 ms: nothing to hear

// A wider forward-flat beam than the default (1e-64) makes fewer substitutions on real speech; its word window is
// narrowed because the flat pass runs after the endpoint. The HMMs searched per frame are capped so that noisy
// phone audio cannot make a recognizer thread fall behind the callee. `npm run bench -- hearing` measures them.
export const DECODER_FLAGS = [
  "-fwdflatbeam",
  "1e-80",
  "-fwdflatefwid",
  "8",
  "-fwdflatsfwin",
  "15",
  "-maxhmmpf",
  "6000",
];

// The en-us model's means moved to a phone line's channel (band-limited 8 kHz mu-law, folded to 16 kHz): one global
// MLLR transform, rebuilt by scripts/build-phone-mllr.ts. Wideband legs keep the model as it is.
export const PHONE_MLLR = path.join(import.meta.dirname, "phone-channel.mllr");

/**
 * The flags of a decoder with the model folder's acoustic model, the dictionary and (if given) the language model;
 * `phoneLine`: for a phone leg's folded audio (PHONE_MLLR).
 */
export function decoderFlags(modelDir: string, lm: string | null, dict: string, phoneLine = false): string[] {
  return [
    "-hmm",
    path.join(modelDir, "en-us"),
    ...(lm ? ["-lm", lm] : []),
    "-dict",
    dict,
    ...DECODER_FLAGS,
    ...(phoneLine ? ["-mllr", PHONE_MLLR] : []),
  ];
}

/** The general English model's language model and dictionary in the model folder. */
export const generalModel = (modelDir: string) => ({
  lm: path.join(modelDir, "en-us.lm.bin"),
  dict: path.join(modelDir, "cmudict-en-us.dict"),
});
