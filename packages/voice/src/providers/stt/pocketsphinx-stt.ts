import { execFile } from "node:child_process";
import { distance } from "fastest-levenshtein";
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

type Pass = { text: string; logProb: number; confidence: number | null };

// How alike the two passes' pronunciations must be (1 - phone edit distance / length) to count as agreeing.
const MIN_AGREEMENT = 0.5;
// Or how much better the domain pass must explain the audio (share of the general pass's log-likelihood).
// On the hearing dev set's real out-of-domain speech the domain pass was at most 16% better, on clear in-domain
// answers over a phone line 17–40%.
const MIN_ADVANTAGE = 0.2;
// A wider forward-flat beam than the default (1e-64): measurably fewer substitutions on real recordings
// (hearing bench: 37.5% → 29.2% WER on whole clips) for a few more milliseconds per utterance.
const DECODER_FLAGS = ["-fwdflatbeam", "1e-80", "-time", "yes"];

/**
 * Offline speech to text with Debian's pocketsphinx (`pocketsphinx_continuous`), biased to the call.
 * Each utterance is decoded twice in parallel: with the general English model and with a small domain
 * model (and dictionary) built from the call's phrases (answers, booking times, campaign words). A small
 * model explains almost any audio with its own phrases ("ten of clubs" heard as "what does it cost"), so the
 * domain pass wins only when it explains the audio better AND either sounds like what the general pass heard
 * ("but the disney" for "book me tuesday") or explains it far better (phone audio, where the general model
 * hears little). The confidence is the chosen pass's mean word posterior, scaled down by how little the two
 * passes agree: words only the domain model heard are never acted on without the callee confirming them.
 */
export function createPocketsphinxStt(opts: PocketsphinxOptions = {}): SttProvider {
  const binary = opts.binary ?? "pocketsphinx_continuous";
  const model = opts.modelDir ?? DEFAULT_MODEL;
  const dictPath = path.join(model, "cmudict-en-us.dict");
  let dictionary: Promise<Map<string, string[]>> | null = null;
  const known = () => (dictionary ??= readDictionaryFile(dictPath));

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
            const args = (lm: string, dict: string) => ["-hmm", path.join(model, "en-us"), "-lm", lm, "-dict", dict, ...DECODER_FLAGS, "-infile", wav];
            const [general, biased] = await Promise.all([
              decode(binary, args(path.join(model, "en-us.lm.bin"), dictPath), signal),
              decode(binary, args(d.lm, d.dict), signal),
            ]);
            return pickPass(general, biased, await known());
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

/**
 * With `-time yes` stdout holds, per segment, the hypothesis line then one "word start end posterior" line per
 * word (fillers and silences included); the log holds each segment's lattice log-likelihood.
 */
export function parseDecode(stdout: string, log: string): Pass {
  const hyps: string[] = [];
  const posteriors: number[] = [];
  for (const line of stdout.split("\n").map((l) => l.trim()).filter(Boolean)) {
    const timed = /^(\S+) -?[\d.]+ -?[\d.]+ ([\d.]+)$/.exec(line);
    if (!timed) hyps.push(line.toLowerCase()); // with -time the hypothesis line comes capitalised
    else if (!/^(<s>|<\/s>|<sil>|\[.*\]|\+.*\+)$/.test(timed[1]!.replace(/\(\d+\)$/, ""))) posteriors.push(Number(timed[2]));
  }
  const probs = [...log.matchAll(/Normalizer P\(O\) = alpha\([^)]*\) = (-?\d+)/g)].map((m) => Number(m[1]));
  return {
    text: hyps.join(" "),
    logProb: probs.length ? probs.reduce((a, b) => a + b, 0) : -Infinity,
    confidence: posteriors.length ? posteriors.reduce((a, b) => a + b, 0) / posteriors.length : null,
  };
}

/** The words that stand, and how far to trust them (see createPocketsphinxStt). */
export function pickPass(general: Pass, biased: Pass, dict: Map<string, string[]>): SttResult {
  const asHeard = { text: general.text, confidence: general.confidence };
  if (!biased.text || !(biased.logProb >= general.logProb)) return asHeard;
  const a = phoneString(general.text, dict);
  const b = phoneString(biased.text, dict);
  const agreement = 1 - distance(a, b) / Math.max(a.length, b.length, 1);
  const advantage = (biased.logProb - general.logProb) / Math.abs(general.logProb);
  if (agreement >= MIN_AGREEMENT) return { text: biased.text, confidence: biased.confidence };
  if (advantage >= MIN_ADVANTAGE) return { text: biased.text, confidence: biased.confidence === null ? null : biased.confidence * agreement };
  return asHeard;
}

const PHONE_CHARS = new Map<string, string>();
/** "book me" → one character per phone of each word's first pronunciation. */
function phoneString(text: string, dict: Map<string, string[]>): string {
  return text
    .split(/\s+/)
    .flatMap((w) => dict.get(w)?.[0]?.split(/\s+/).slice(1) ?? [])
    .map((ph) => PHONE_CHARS.get(ph) ?? (PHONE_CHARS.set(ph, String.fromCharCode(0x100 + PHONE_CHARS.size)), PHONE_CHARS.get(ph)!))
    .join("");
}

/** word → its dictionary lines (alternative pronunciations are `word(2) …`). */
export async function readDictionaryFile(file: string): Promise<Map<string, string[]>> {
  return readDictionary(await fs.promises.readFile(file, "utf8"));
}

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
