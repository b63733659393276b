import type { LikelihoodReader } from "./lattice-likelihood.ts";
import { createLiveCmn, type LiveCmn } from "./live-cmn.ts";
import type { DecoderHandle, SphinxLibrary } from "./sphinx-library.ts";
import { EMPTY_PASS, MIN_SAMPLES, meanPosterior, spokenWords, type Pass } from "./two-pass.ts";

export type SphinxDecoder = {
  /** Audio of the current utterance (PCM16 mono, 16 kHz), searched as it arrives; the first write starts one. */
  write(frame: Int16Array): void;
  /** The best hypothesis of the utterance so far ("" outside one). */
  partial(): string;
  /** Ends the utterance: its words, how well they explain the audio, and their mean posterior. */
  finish(): Pass;
  free(): void;
};

/**
 * One resident pocketsphinx decoder, fed frame by frame; utterances follow each other on it. `followCaller`: its
 * cepstral mean follows the speech it is fed (live-cmn.ts; for wideband audio), rather than staying the model's
 * until the first utterance ends. `setup` finishes its configuration (e.g. gives it a language model shared with
 * other decoders).
 */
export function createSphinxDecoder(
  lib: SphinxLibrary, flags: string[], likelihood: LikelihoodReader, o: { followCaller: boolean }, setup: (ps: DecoderHandle) => void = () => {},
): SphinxDecoder {
  const ps = lib.init(flags);
  if (!ps) throw new Error(`pocketsphinx refused its configuration (${flags.join(" ")})`);
  let cmn: LiveCmn | null;
  try {
    setup(ps);
    cmn = o.followCaller ? createLiveCmn(lib, ps) : null;
  } catch (err) {
    lib.free(ps);
    throw err;
  }
  let samples = -1; // -1: no utterance started
  return {
    write(frame) {
      if (samples < 0) {
        if (lib.startUtt(ps) < 0) throw new Error("pocketsphinx could not start an utterance");
        samples = 0;
      }
      if (lib.processRaw(ps, frame) < 0) throw new Error("pocketsphinx could not process audio");
      samples += frame.length;
      cmn?.written();
    },
    partial: () => (samples > 0 ? lib.hyp(ps) : ""),
    finish() {
      if (samples < 0) return EMPTY_PASS;
      const heard = samples;
      samples = -1;
      if (lib.endUtt(ps) < 0) throw new Error("pocketsphinx could not end the utterance");
      if (heard < MIN_SAMPLES) return EMPTY_PASS;
      const { value, logProb } = likelihood.measure(() => ({ text: lib.hyp(ps), words: lib.words(ps) }));
      const words = spokenWords(value.words);
      return { text: value.text, logProb, confidence: meanPosterior(words), words };
    },
    free: () => lib.free(ps),
  };
}
