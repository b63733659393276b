import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import koffi from "koffi";

/**
 * Debian's libpocketsphinx3 (0.8+5prealpha) reached in-process through koffi: the C calls a resident,
 * streaming decoder needs. Nothing here decodes; sphinx-decoder.ts does. Loading throws when the library
 * (Debian package libpocketsphinx3) is missing, so the caller can fall back to spawning processes.
 */

export type DecoderHandle = { readonly __brand: "ps_decoder_t" };
export type LanguageModelHandle = { readonly __brand: "ngram_model_t" };
export type SegHandle = { readonly __brand: "ps_seg_t" };
/**
 * The decoder's cepstral mean normalisation state (sphinxbase's cmn_t): the mean it subtracts, and its running sums.
 */
export type CmnHandle = { readonly __brand: "cmn_t" };
type Handle = unknown;

export type SphinxLibrary = {
  /** A decoder configured by pocketsphinx command-line flags (`-hmm`, `-lm`, `-dict`, …); null if refused. */
  init(flags: string[]): DecoderHandle | null;
  free(ps: DecoderHandle): void;
  /** Loads an n-gram model (ARPA or binary) with `ps`'s configuration, to be shared by decoders of this thread. */
  readLanguageModel(ps: DecoderHandle, file: string): LanguageModelHandle | null;
  /** Makes `lm` (retained, so freeing one decoder leaves it to the others) `ps`'s search from the next utterance. */
  useLanguageModel(ps: DecoderHandle, name: string, lm: LanguageModelHandle): boolean;
  /** Adds `lm` (retained) as the search `name` of `ps`, without making it the search in use. */
  addLanguageModel(ps: DecoderHandle, name: string, lm: LanguageModelHandle): boolean;
  /** Makes the search `name` (added before) `ps`'s search from the next utterance. */
  useSearch(ps: DecoderHandle, name: string): boolean;
  startUtt(ps: DecoderHandle): number;
  /** Feeds PCM16 mono at 16 kHz; returns the frames searched or < 0 on error. */
  processRaw(ps: DecoderHandle, samples: Int16Array): number;
  endUtt(ps: DecoderHandle): number;
  /** The best hypothesis so far (partial while in an utterance), "" when none. */
  hyp(ps: DecoderHandle): string;
  /** Each word of the best path with its posterior probability (0–1), fillers and silences included. */
  words(ps: DecoderHandle): Array<{ word: string; posterior: number }>;
  /** The decoder's cepstral mean normalisation, whose mean a caller may move while an utterance is fed (see cmn.ts). */
  cmn(ps: DecoderHandle): CmnHandle;
  /** The mean subtracted from each new frame's cepstrum, and what live CMN has summed since its last update. */
  readCmn(cmn: CmnHandle): { mean: Float32Array; sum: Float32Array; frames: number };
  /**
   * Sets the mean subtracted from the next frames, and the sums (counting `frames` frames) later updates start from.
   */
  writeCmn(cmn: CmnHandle, state: { mean: Float32Array; sum: Float32Array; frames: number }): void;
  /** Sends sphinxbase's log (every decoder in this process) to `file`, appending. */
  logTo(file: string): void;
  /**
   * The file sphinxbase logs to for the resident decoders: one per process, chosen on the first call and kept, since
   * the log is global to the process and reopening it under running decoders is unsafe (removed at exit).
   */
  processLog(): string;
  /** Writes out what C's stdio still buffers for the log. */
  flushLog(): void;
};

let loaded: SphinxLibrary | null = null;

/** The library, loaded once per thread (koffi binds per thread; worker threads each call this). */
export function loadSphinx(): SphinxLibrary {
  loaded ??= bind();
  return loaded;
}

function bind(): SphinxLibrary {
  // By soname, as the dynamic linker finds them (/usr/lib/<arch>/ on Debian).
  const base = koffi.load("libsphinxbase.so.3");
  const ps = koffi.load("libpocketsphinx.so.3");
  for (const name of ["cmd_ln_t", "arg_t", "ps_decoder_t", "ps_seg_t", "logmath_t", "ngram_model_t"])
    koffi.opaque(name);
  const psArgs = ps.func("arg_t *ps_args()");
  const parse = base.func(
    "cmd_ln_t *cmd_ln_parse_r(cmd_ln_t *inout, arg_t *defn, int32_t argc, const char **argv, int32_t strict)",
  );
  const cmdFree = base.func("int cmd_ln_free_r(cmd_ln_t *cmdln)");
  const init = ps.func("ps_decoder_t *ps_init(cmd_ln_t *config)");
  const free = ps.func("int ps_free(ps_decoder_t *ps)");
  const start = ps.func("int ps_start_utt(ps_decoder_t *ps)");
  const processRaw = ps.func(
    "int ps_process_raw(ps_decoder_t *ps, const int16_t *data, size_t n, int no_search, int full_utt)",
  );
  const end = ps.func("int ps_end_utt(ps_decoder_t *ps)");
  const getHyp = ps.func("const char *ps_get_hyp(ps_decoder_t *ps, _Out_ int32_t *score)");
  const segIter = ps.func("ps_seg_t *ps_seg_iter(ps_decoder_t *ps)");
  const segNext = ps.func("ps_seg_t *ps_seg_next(ps_seg_t *seg)");
  const segWord = ps.func("const char *ps_seg_word(ps_seg_t *seg)");
  const segProb = ps.func(
    "int32_t ps_seg_prob(ps_seg_t *seg, _Out_ int32_t *ascr, _Out_ int32_t *lscr, _Out_ int32_t *lback)",
  );
  const getLogmath = ps.func("logmath_t *ps_get_logmath(ps_decoder_t *ps)");
  const logExp = base.func("double logmath_exp(logmath_t *lmath, int logb_p)");
  const getConfig = ps.func("cmd_ln_t *ps_get_config(ps_decoder_t *ps)");
  const readLm = base.func(
    "ngram_model_t *ngram_model_read(cmd_ln_t *config, const char *file, int type, logmath_t *lmath)",
  );
  const setLm = ps.func("int ps_set_lm(ps_decoder_t *ps, const char *name, ngram_model_t *lm)");
  const setSearch = ps.func("int ps_set_search(ps_decoder_t *ps, const char *name)");
  const getFeat = ps.func("void *ps_get_feat(ps_decoder_t *ps)");
  // sphinxbase's feat.h and cmn.h (0.8+5prealpha, LP64; mfcc_t is float): feat_t up to its cmn_struct, and cmn_t.
  const FeatHead = koffi.struct("feat_head_t", {
    refcount: "int",
    name: "void *",
    cepsize: "int32_t",
    n_stream: "int32_t",
    stream_len: "void *",
    window_size: "int32_t",
    n_sv: "int32_t",
    sv_len: "void *",
    subvecs: "void *",
    sv_buf: "void *",
    sv_dim: "int32_t",
    cmn: "int",
    varnorm: "int32_t",
    agc: "int",
    compute_feat: "void *",
    cmn_struct: "void *",
  });
  const Cmn = koffi.struct("cmn_t", {
    cmn_mean: "void *",
    cmn_var: "void *",
    sum: "void *",
    nframe: "int32_t",
    veclen: "int32_t",
  });
  const NGRAM_AUTO = 0;
  const setLogfile = base.func("int err_set_logfile(const char *path)");
  const fflush = koffi.load("libc.so.6").func("int fflush(void *stream)");
  const out = () => [0];
  let processLog: string | null = null;

  const lib: SphinxLibrary = {
    init(flags) {
      const config: Handle = parse(null, psArgs(), flags.length, flags, 1);
      if (!config) return null;
      const decoder = init(config) as DecoderHandle | null;
      cmdFree(config); // the decoder holds its own reference
      return decoder;
    },
    free: (d) => void free(d),
    readLanguageModel: (d, file) => readLm(getConfig(d), file, NGRAM_AUTO, getLogmath(d)) as LanguageModelHandle | null,
    useLanguageModel: (d, name, lm) => setLm(d, name, lm) === 0 && setSearch(d, name) === 0,
    addLanguageModel: (d, name, lm) => setLm(d, name, lm) === 0,
    useSearch: (d, name) => setSearch(d, name) === 0,
    startUtt: (d) => start(d) as number,
    processRaw: (d, samples) => processRaw(d, samples, samples.length, 0, 0) as number,
    endUtt: (d) => end(d) as number,
    hyp: (d) => (getHyp(d, out()) as string | null) ?? "",
    words(d) {
      const lmath: Handle = getLogmath(d);
      const words: Array<{ word: string; posterior: number }> = [];
      // ps_seg_next frees the iterator when it returns null, so walking to the end leaks nothing.
      for (let seg: Handle = segIter(d); seg; seg = segNext(seg)) {
        // log-math rounding can pass 1
        const posterior = Math.min(1, logExp(lmath, segProb(seg, out(), out(), out())) as number);
        words.push({ word: segWord(seg) as string, posterior });
      }
      return words;
    },
    cmn: (d) => koffi.decode(getFeat(d), FeatHead).cmn_struct as CmnHandle,
    readCmn(c) {
      const cmn = koffi.decode(c, Cmn) as { cmn_mean: Handle; sum: Handle; nframe: number; veclen: number };
      // A cepstrum of 13 (the en-us model's); anything else means the structs are not this library's.
      if (!(cmn.veclen > 0 && cmn.veclen <= 64))
        throw new Error(
          `pocketsphinx's cepstral mean has ${cmn.veclen} values: not the layout of sphinxbase 0.8+5prealpha`,
        );
      const floats = (p: Handle) => Float32Array.from(koffi.decode(p, "float", cmn.veclen) as number[]);
      return { mean: floats(cmn.cmn_mean), sum: floats(cmn.sum), frames: cmn.nframe };
    },
    writeCmn(c, state) {
      const cmn = koffi.decode(c, Cmn) as { cmn_mean: Handle; sum: Handle; veclen: number };
      if (state.mean.length !== cmn.veclen || state.sum.length !== cmn.veclen)
        throw new Error(`cepstral mean of ${state.mean.length} values for ${cmn.veclen}`);
      koffi.encode(cmn.cmn_mean, "float", [...state.mean], cmn.veclen);
      koffi.encode(cmn.sum, "float", [...state.sum], cmn.veclen);
      koffi.encode(c, koffi.offsetof(Cmn, "nframe"), "int32_t", state.frames);
    },
    logTo(file) {
      if (setLogfile(file) < 0) throw new Error(`pocketsphinx cannot write its log to ${file}`);
    },
    flushLog: () => void fflush(null), // null: every output stream
    processLog() {
      if (processLog) return processLog;
      const file = path.join(os.tmpdir(), `parley-pocketsphinx-${process.pid}.log`);
      fs.writeFileSync(file, "");
      process.once("exit", () => fs.rmSync(file, { force: true }));
      lib.logTo(file);
      processLog = file;
      return file;
    },
  };
  return lib;
}
