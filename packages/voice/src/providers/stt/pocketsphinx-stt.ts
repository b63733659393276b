import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encodeWav } from "../../audio/wav.ts";
import { buildArpa } from "./domain-lm.ts";
import { domainSentences } from "./domain-phrases.ts";
import type { SttProvider, SttResult, SttStream } from "./stt-provider.ts";

export type PocketsphinxOptions = { binary?: string; modelDir?: string };

const DEFAULT_MODEL = "/usr/share/pocketsphinx/model/en-us";
const SAMPLE_RATE = 16_000; // the Debian model is trained on 16 kHz speech and fails on 8 kHz

type Pass = { text: string; logProb: number };

/**
 * Offline speech to text with Debian's pocketsphinx (`pocketsphinx_continuous`), biased to the call.
 * Each utterance is decoded twice in parallel: with the general English model and with a small domain
 * model (and dictionary) built from the call's phrases (answers, booking times, campaign words). The pass whose lattice
 * explains the audio best (higher total log-likelihood, `Normalizer P(O)`) wins, so "book me Tuesday at
 * 3 pm" is heard as such while out-of-domain speech still gets the general model's words.
 */
export function createPocketsphinxStt(opts: PocketsphinxOptions = {}): SttProvider {
  const binary = opts.binary ?? "pocketsphinx_continuous";
  const model = opts.modelDir ?? DEFAULT_MODEL;
  const dictPath = path.join(model, "cmudict-en-us.dict");
  let dictionary: Promise<Map<string, string[]>> | null = null;
  const known = () => (dictionary ??= fs.promises.readFile(dictPath, "utf8").then(readDictionary));

  return {
    name: "pocketsphinx",
    sampleRate: SAMPLE_RATE,
    openStream({ vocabulary, signal }): SttStream {
      let chunks: Int16Array[] = [];
      // Built while the phone rings: the domain model is ready before the callee says a word.
      const workDir = fs.promises.mkdtemp(path.join(os.tmpdir(), "parley-stt-"));
      const domain = Promise.all([workDir, known()]).then(async ([dir, dict]) => {
        const lm = path.join(dir, "domain.arpa");
        const words = new Set<string>();
        const inDictionary = (w: string) => (dict.has(w) ? Boolean(words.add(w)) : false);
        await fs.promises.writeFile(lm, buildArpa(domainSentences(vocabulary), inDictionary));
        // Its own small dictionary keeps the domain pass at tens of milliseconds.
        const dic = path.join(dir, "domain.dict");
        await fs.promises.writeFile(dic, [...words].flatMap((w) => dict.get(w)!).join("\n") + "\n");
        return { lm, dict: dic };
      });
      domain.catch(() => {}); // a failure surfaces on flush
      let utterance = 0;
      return {
        write: (frame) => void chunks.push(frame),
        async flush(): Promise<SttResult> {
          const samples = concat(chunks);
          chunks = [];
          if (samples.length < SAMPLE_RATE / 10) return { text: "", confidence: null };
          const wav = path.join(await workDir, `u${utterance++}.wav`);
          await fs.promises.writeFile(wav, encodeWav(samples, SAMPLE_RATE));
          try {
            const d = await domain;
            const args = (lm: string, dict: string) => ["-hmm", path.join(model, "en-us"), "-lm", lm, "-dict", dict, "-infile", wav];
            const [general, biased] = await Promise.all([
              decode(binary, args(path.join(model, "en-us.lm.bin"), dictPath), signal),
              decode(binary, args(d.lm, d.dict), signal),
            ]);
            const best = biased.text && biased.logProb >= general.logProb ? biased : general;
            return { text: best.text, confidence: null };
          } finally {
            void fs.promises.rm(wav, { force: true }).catch(() => {}); // a leftover clip is no reason to fail the call
          }
        },
        // After the domain model's files are written (a call that never connects closes while they are), and
        // never as an unhandled rejection: a leftover temp dir must not bring the process down.
        close: () =>
          void Promise.allSettled([domain])
            .then(() => workDir)
            .then((dir) => fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3 }))
            .catch(() => {}),
      };
    },
  };
}

function decode(binary: string, args: string[], signal?: AbortSignal): Promise<Pass> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { signal, maxBuffer: 8 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`pocketsphinx failed: ${err.message.split("\n")[0]}`));
      resolve(parseDecode(stdout, stderr));
    });
  });
}

/** Hypothesis lines on stdout (one per segment it found); the lattice log-likelihood of each in the log. */
export function parseDecode(stdout: string, log: string): Pass {
  const text = stdout.split("\n").map((l) => l.trim()).filter(Boolean).join(" ");
  const probs = [...log.matchAll(/Normalizer P\(O\) = alpha\([^)]*\) = (-?\d+)/g)].map((m) => Number(m[1]));
  return { text, logProb: probs.length ? probs.reduce((a, b) => a + b, 0) : -Infinity };
}

/** word → its dictionary lines (alternative pronunciations are `word(2) …`). */
function readDictionary(text: string): Map<string, string[]> {
  const dict = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const head = line.slice(0, line.indexOf(" "));
    if (!head) continue;
    const word = head.replace(/\(\d+\)$/, "");
    dict.set(word, [...(dict.get(word) ?? []), line]);
  }
  return dict;
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
