import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeWithProcesses } from "./pocketsphinx-process.ts";
import { createRecognizerPool, processLogFile, type RecognizerPool, type RecognizerStream } from "./recognizer-pool.ts";
import { loadSphinx } from "./sphinx-library.ts";
import type { SttProvider, SttResult, SttStream } from "./stt-provider.ts";
import { DEFAULT_MODEL, EMPTY_PASS, MIN_SAMPLES, pickPass, readDictionaryFile, SAMPLE_RATE, writeDomainModel } from "./two-pass.ts";

export { parseDecode } from "./pocketsphinx-process.ts";
export { pickPass, readDictionaryFile } from "./two-pass.ts";

export type PocketsphinxOptions = {
  modelDir?: string;
  /** "resident" (default when libpocketsphinx loads): decoders in recognizer threads, fed as frames arrive.
   * "processes": two `pocketsphinx_continuous` per utterance after the endpoint (the fallback). */
  engine?: "resident" | "processes";
  binary?: string;
  /** Recognizer threads (default: one per core). */
  threads?: number;
};

/**
 * Offline speech to text with Debian's pocketsphinx, biased to the call. Each utterance is decoded twice:
 * with the general English model and with a small domain model (and dictionary) built from the call's
 * phrases (answers, booking times, campaign words). A small model explains almost any audio with its own
 * phrases ("ten of clubs" heard as "what does it cost"), so the domain pass counts only when it explains the
 * audio at least as well, and then word by word: its words replace the general pass's where those were unsure
 * and its own are sure and sound alike ("but the disney" for "book me tuesday"), or whole when it explains the
 * audio far better and is sure (phone audio, where the general model hears little). The confidence is the mean
 * posterior of the words that stand, lowered where they came from the domain pass alone (two-pass.ts).
 *
 * The decoders are resident: libpocketsphinx in recognizer threads (koffi), searching each frame as it
 * arrives, so the words are ready right after the endpoint and partial words while the callee speaks. If the
 * library cannot be loaded, it falls back to spawning `pocketsphinx_continuous` per utterance, and says so.
 */
export function createPocketsphinxStt(opts: PocketsphinxOptions = {}): SttProvider & { readonly engine: string } {
  const model = opts.modelDir ?? DEFAULT_MODEL;
  let dictionary: Promise<Map<string, string[]>> | null = null;
  const known = () => (dictionary ??= readDictionaryFile(path.join(model, "cmudict-en-us.dict")));
  const pool = opts.engine === "processes" ? null : residentPool(model, opts.threads);
  const engine = pool ? `resident (libpocketsphinx in ${pool.threads} recognizer thread${pool.threads > 1 ? "s" : ""})` : "processes (pocketsphinx_continuous per utterance)";

  return {
    name: "pocketsphinx",
    sampleRate: SAMPLE_RATE,
    engine,
    openStream({ vocabulary, legRate, signal }): SttStream {
      // The resident threads build the domain model themselves, once per campaign's vocabulary (while the
      // phone rings); the main thread reads no dictionary for them.
      if (pool) {
        // A phone line's folded audio is heard with the model adapted to the line and the model's own cepstral
        // mean (two-pass.ts PHONE_MLLR, live-cmn.ts).
        const passes = pool.open(vocabulary, phoneLine(legRate));
        return {
          ...passes,
          upsampling: "mirror",
          async flush(): Promise<SttResult> {
            const { general, biased } = await passes.flush();
            return pickPass(general, biased);
          },
        };
      }
      // The fallback: the domain model is written here, while the phone rings.
      const workDir = fs.promises.mkdtemp(path.join(os.tmpdir(), "parley-stt-"));
      const domain = Promise.all([workDir, known()]).then(([dir, dict]) => writeDomainModel(dir, vocabulary, dict));
      domain.catch(() => {}); // a failure surfaces on flush
      const passes = processPasses(opts.binary ?? "pocketsphinx_continuous", model, workDir, domain, phoneLine(legRate), signal);
      return {
        write: passes.write,
        partial: passes.partial,
        pause: passes.pause,
        upsampling: "mirror",
        async flush(): Promise<SttResult> {
          const { general, biased } = await passes.flush();
          return pickPass(general, biased, await known());
        },
        // After the domain model's files are written (a call that never connects closes while they are), and
        // never as an unhandled rejection: a leftover temp dir must not bring the process down.
        close() {
          passes.close();
          void Promise.allSettled([domain])
            .then(() => workDir)
            .then((dir) => fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3 }))
            .catch(() => {});
        },
      };
    },
  };
}

/** A leg slower than the engine's rate: a phone line's, folded to 16 kHz (narrowband.ts). */
const phoneLine = (legRate: number | undefined) => legRate !== undefined && legRate < SAMPLE_RATE;

let shared: { pool: RecognizerPool; model: string } | null = null;
let unavailable: string | null = null;
let logFile: string | null = null;

/** The file sphinxbase logs to: one per process, set once (its log is global, and reopening it under running decoders is unsafe). */
export function sphinxLogFile(): string {
  if (!logFile) {
    const file = processLogFile();
    loadSphinx().logTo(file);
    logFile = file;
  }
  return logFile;
}

/** The process's recognizer threads (one pool for every provider), or null when libpocketsphinx does not load. */
function residentPool(model: string, threads?: number): RecognizerPool | null {
  if (shared?.model === model && threads === undefined) return shared.pool;
  if (unavailable) return null;
  try {
    const pool = createRecognizerPool({ modelDir: model, logFile: sphinxLogFile(), threads });
    if (threads === undefined) shared = { pool, model };
    return pool;
  } catch (err) {
    unavailable = (err as Error).message;
    console.warn(`pocketsphinx: libpocketsphinx could not be loaded in-process (${unavailable}); falling back to one pocketsphinx_continuous process per utterance pass`);
    return null;
  }
}

type Passes = Pick<RecognizerStream, "write" | "partial" | "pause" | "flush" | "close">;

/** The fallback: the utterance's audio collected, then decoded by two processes at the endpoint. */
function processPasses(
  binary: string, modelDir: string, workDir: Promise<string>, domain: Promise<{ lm: string; dict: string }>, phoneLine: boolean, signal?: AbortSignal,
): Passes {
  let chunks: Int16Array[] = [];
  let utterance = 0;
  return {
    write: (frame) => void chunks.push(frame),
    partial: () => "",
    pause: () => {}, // the processes decode whole utterances
    async flush() {
      const samples = concat(chunks);
      chunks = [];
      if (samples.length < MIN_SAMPLES) return { general: EMPTY_PASS, biased: EMPTY_PASS };
      return decodeWithProcesses({ binary, modelDir, workDir: await workDir, utterance: utterance++, samples, domain: await domain, phoneLine, signal });
    },
    close: () => {},
  };
}

function concat(chunks: Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
