import path from "node:path";
import type { SttProvider, SttResult, SttStream } from "../stt-provider.ts";
import { readDictionaryFile } from "./dictionary.ts";
import type { TwoPassStream } from "./passes/pass.ts";
import { isClosed } from "../../../expectation/expectation.ts";
import { chooseAnswer } from "./passes/answer-choice.ts";
import { pickPass } from "./passes/pick-pass.ts";
import { createRecognizerPool, type RecognizerPool } from "./resident/recognizer-pool.ts";
import { loadSphinx } from "./resident/sphinx-library.ts";
import { DEFAULT_MODEL, SAMPLE_RATE } from "./settings/decoder-settings.ts";
import { openProcessPasses } from "./spawned/process-passes.ts";

export type PocketsphinxOptions = {
  modelDir?: string;
  /** "resident" (default when libpocketsphinx loads): decoders in recognizer threads, fed as frames arrive.
   * "processes": two `pocketsphinx_continuous` per utterance after the endpoint (the fallback). */
  engine?: "resident" | "processes";
  binary?: string;
  /** Recognizer threads (default: one per core). */
  threads?: number;
  /** Every utterance on the cheaper path a call takes when behind (passes/cheap-path.ts): for the hearing bench. */
  alwaysCheap?: boolean;
};

export type PocketsphinxStt = SttProvider & {
  /** How it decodes, said at start: resident threads, or the fallback's processes. */
  readonly engine: string;
};

/**
 * Offline speech to text with Debian's pocketsphinx, biased to the call. Each utterance is decoded twice: with the
 * general English model and with a small domain model built from the call's phrases (domain-model/), and the words
 * are chosen between the two passes (passes/), whose confidence decides whether the agent acts or asks again.
 *
 * The provider owns the engine's runtime state, so the process makes one where it wires its providers: its
 * recognizer threads (resident/: libpocketsphinx in-process through koffi, searching each frame as it arrives, so
 * the words are ready right after the endpoint), or, when the library cannot be loaded, the fallback that spawns
 * `pocketsphinx_continuous` per utterance (spawned/), which it says at start.
 */
export function createPocketsphinxStt(opts: PocketsphinxOptions = {}): PocketsphinxStt {
  const model = opts.modelDir ?? DEFAULT_MODEL;
  let dictionary: Promise<Map<string, string[]>> | null = null;
  const known = () => {
    dictionary ??= readDictionaryFile(path.join(model, "cmudict-en-us.dict"));
    return dictionary;
  };
  const pool = opts.engine === "processes" ? null : residentPool(model, opts.threads, opts.alwaysCheap);
  const engine = pool
    ? `resident (libpocketsphinx in ${pool.threads} recognizer thread${pool.threads > 1 ? "s" : ""})`
    : "processes (pocketsphinx_continuous per utterance)";

  return {
    name: "pocketsphinx",
    engine,
    warmUp: async () => pool?.warmUp(),
    openStream({ vocabulary, legRate, signal }): SttStream {
      // A phone line's folded audio is heard with the model adapted to the line and the model's own cepstral mean.
      const phoneLine = legRate !== undefined && legRate < SAMPLE_RATE;
      // The resident threads build the domain model themselves, once per campaign's vocabulary (while the phone
      // rings), and attach each word's pronunciation: the main thread reads no dictionary for them.
      const passes: TwoPassStream = pool
        ? pool.open(vocabulary, phoneLine)
        : openProcessPasses({
            binary: opts.binary ?? "pocketsphinx_continuous",
            modelDir: model,
            vocabulary,
            dictionary: known,
            phoneLine,
            signal,
          });
      return {
        sampleRate: SAMPLE_RATE,
        upsampling: "mirror",
        write: passes.write,
        partial: passes.partial,
        pause: passes.pause,
        close: passes.close,
        expect: passes.expect,
        ...(passes.progress ? { progress: passes.progress } : {}),
        async flush(): Promise<SttResult> {
          const { general, biased, expected, cheap } = await passes.flush();
          // On the cheaper path the general pass heard the utterance alone: its words stand, as sure as it is.
          const heard = cheap
            ? { text: general.text, confidence: general.confidence }
            : pickPass(general, biased, pool ? null : await known());
          if (!isClosed(expected.expectation)) return heard;
          return { ...heard, ...chooseAnswer(expected.expectation, heard, general, expected.pass) };
        },
      };
    },
  };
}

/** Recognizer threads, or null (said once, here) when libpocketsphinx does not load in-process. */
function residentPool(modelDir: string, threads?: number, alwaysCheap?: boolean): RecognizerPool | null {
  try {
    return createRecognizerPool({ modelDir, logFile: loadSphinx().processLog(), threads, alwaysCheap });
  } catch (err) {
    console.warn(
      "pocketsphinx: libpocketsphinx could not be loaded in-process " +
        `(${(err as Error).message}); falling back to one pocketsphinx_continuous process per ` +
        "utterance pass",
    );
    return null;
  }
}
