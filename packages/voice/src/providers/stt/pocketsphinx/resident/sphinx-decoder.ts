import type { LikelihoodReader } from "./lattice-likelihood.ts";
import { createLiveCmn, type LiveCmn } from "./live-cmn.ts";
import type { DecoderHandle, SphinxLibrary } from "./sphinx-library.ts";
import { EMPTY_PASS, meanPosterior, type Pass, spokenWords } from "../passes/pass.ts";
import { MIN_SAMPLES } from "../settings/decoder-settings.ts";

export type SphinxDecoder = {
  /** The C decoder, for what the thread adds to it (a shared language model). */
  readonly handle: DecoderHandle;
  /** Audio of the current utterance (PCM16 mono, 16 kHz), searched as it arrives; the first write starts one. */
  write(frame: Int16Array): void;
  /** The best hypothesis of the utterance so far ("" outside one). */
  partial(): string;
  /** Ends the utterance: its words, how well they explain the audio, and their mean posterior. */
  finish(): Pass;
  /** Searches with `search` (a language model added to the decoder) from the next utterance on. */
  use(search: string): void;
  free(): void;
};

/**
 * One resident pocketsphinx decoder, fed frame by frame; utterances follow each other on it. `followCaller`: its
 * cepstral mean follows the speech it is fed (live-cmn.ts; for wideband audio), rather than staying the model's
 * until the first utterance ends. `setup` finishes its configuration (e.g. gives it a language model shared with
 * other decoders).
 */
export function createSphinxDecoder(
  lib: SphinxLibrary,
  flags: string[],
  likelihood: LikelihoodReader,
  o: { followCaller: boolean },
  setup: (ps: DecoderHandle) => void = () => {},
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
  let search: string | null = null; // to use from the next utterance
  return {
    handle: ps,
    write(frame) {
      if (samples < 0) {
        if (search !== null && !lib.useSearch(ps, search)) throw new Error(`pocketsphinx has no search ${search}`);
        search = null;
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
    use(name) {
      search = name;
    },
    free: () => lib.free(ps),
  };
}
