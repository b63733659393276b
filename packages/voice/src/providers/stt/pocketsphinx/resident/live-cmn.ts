import type { CmnHandle, DecoderHandle, SphinxLibrary } from "./sphinx-library.ts";

/**
 * Cepstral mean normalisation that follows the caller while they speak. Debian's pocketsphinx subtracts the
 * model's fixed mean (`-cmninit`, from its training speech) for the whole of a decoder's first utterance, and
 * only at its end the mean of what it heard: a call's first sentence, often its only one, is decoded against a
 * channel and a level it does not have. Here, every few frames, the mean moves to that of the frames heard so far,
 * the model's mean counting as `priorFrames` frames: a caller's first words are heard mostly with the model's mean,
 * the rest more and more with their own. Phone audio, folded to 16 kHz, is heard better with the model's mean, so
 * only wideband calls follow the caller (createSphinxDecoder's `followCaller`; `npm run bench -- hearing`).
 */
export type LiveCmnOptions = { priorFrames: number; everyWrites: number };

// Every 5 writes: every 100 ms of audio (the call writes 20 ms frames), a mean of 13 values, read and written.
export const LIVE_CMN: LiveCmnOptions = { priorFrames: 400, everyWrites: 5 };

export type LiveCmn = { /** After each write of audio: moves the mean when it is due. */ written(): void };

export function createLiveCmn(lib: SphinxLibrary, ps: DecoderHandle, o: LiveCmnOptions = LIVE_CMN): LiveCmn {
  const cmn: CmnHandle = lib.cmn(ps);
  const prior = lib.readCmn(cmn).mean; // the model's -cmninit: the decoder has heard nothing yet
  let writes = 0;
  return {
    written() {
      if (++writes % o.everyWrites) return;
      // sphinxbase sums every frame it normalises (and keeps the sums across utterances), so the mean of what
      // the caller said so far, this call, is sum / frames.
      const state = lib.readCmn(cmn);
      for (let i = 0; i < prior.length; i++)
        state.mean[i] = (o.priorFrames * prior[i]! + state.sum[i]!) / (o.priorFrames + state.frames);
      lib.writeCmn(cmn, state);
    },
  };
}
