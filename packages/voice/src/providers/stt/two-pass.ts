import fs from "node:fs";
import path from "node:path";
import { buildArpa } from "./domain-lm.ts";
import { domainSentences } from "./domain-phrases.ts";
import type { SttResult } from "./stt-provider.ts";
import { alike, chooseWords, SURE, wordsOf } from "./word-choice.ts";

/**
 * The two passes pocketsphinx makes over each utterance (general English model, and a small domain model
 * built for the call) and the choice between them, whichever way the decoders run (resident or spawned).
 */
export type Pass = { text: string; logProb: number; confidence: number | null; words: HeardWord[] };
/**
 * A spoken word of a pass's best path and its posterior probability (0–1); `phones` its pronunciation ("B UH K"),
 * attached by the recognizer thread so the main thread needs no dictionary to compare the passes.
 */
export type HeardWord = { word: string; posterior: number; phones?: string };

export const EMPTY_PASS: Pass = { text: "", logProb: -Infinity, confidence: null, words: [] };
export const DEFAULT_MODEL = "/usr/share/pocketsphinx/model/en-us";
export const SAMPLE_RATE = 16_000; // the Debian model is trained on 16 kHz speech and fails on 8 kHz
export const MIN_SAMPLES = SAMPLE_RATE / 10; // shorter than 100 ms: nothing to hear

// A wider forward-flat beam than the default (1e-64): measurably fewer substitutions on real recordings
// (hearing dev set, whole clips: 37.5% → 29.2% WER). The flat pass runs when the utterance ends, so its
// word window is narrowed (successors within 15 frames, words ending in at least 8): the same 29.2% for
// about half the work after the endpoint (CPU p50 264 → 140 ms per dev-set clip).
// The model's language weight (6.5) stays: 5.5 gained one word of 96 on the hearing dev set (27.1% → 26.0% at
// 16 kHz) but the transfer test's caller, "can I talk to a real person", was heard as "a real percent" by the
// call's two passes, and the agent no longer put them through. A higher weight (8) cost words on both halves;
// a lower insertion penalty (-wip 0.2) helped at 16 kHz but cost on phone audio; a wider tree-pass beam or
// phonetic lookahead (-pl_window 5) changed nothing but the work.
// At most 6000 HMMs searched per frame (pocketsphinx's default 30000): the tree pass's CPU drops by a sixth at 16 kHz
// and a quarter on phone audio, whose noisy frames keep the most HMMs within the beam (a 1.5 s card name cost 0.65 s
// of CPU as it came), with the same words (24.0 / 30.2% WER at 16 kHz / phone; 5000 the same, 3000 costs 26.0 / 32.3%).
// A recognizer thread that falls behind the callee adds its backlog to the wait for the final text.
export const DECODER_FLAGS = ["-fwdflatbeam", "1e-80", "-fwdflatefwid", "8", "-fwdflatsfwin", "15", "-maxhmmpf", "6000"];

// The en-us model's means moved to a phone line's channel (band-limited 8 kHz mu-law, folded to 16 kHz): one global
// MLLR transform estimated from synthetic speech through the line (scripts/build-phone-mllr.ts). Hearing dev set,
// phone audio, whole listening path: 36.5% → 30.2% WER (odd clips 27.8 → 27.8%, even 47.6 → 33.3%; from 150 other
// sentences 32.3%). Three quarters of the estimate, chosen on the odd clips: the whole of it 36.5% (odd 29.6%),
// half of it 33.3% (odd 29.6%). Wideband legs keep the model as it is (16 kHz 24.0% either way).
export const PHONE_MLLR = path.join(import.meta.dirname, "phone-channel.mllr");

/**
 * The flags of a decoder with the model folder's acoustic model, the dictionary and (if given) the language model;
 * `phoneLine`: for a phone leg's folded audio (PHONE_MLLR).
 */
export function decoderFlags(modelDir: string, lm: string | null, dict: string, phoneLine = false): string[] {
  return ["-hmm", path.join(modelDir, "en-us"), ...(lm ? ["-lm", lm] : []), "-dict", dict, ...DECODER_FLAGS, ...(phoneLine ? ["-mllr", PHONE_MLLR] : [])];
}

export const generalModel = (modelDir: string) => ({ lm: path.join(modelDir, "en-us.lm.bin"), dict: path.join(modelDir, "cmudict-en-us.dict") });

// How much better the domain pass must explain the audio (share of the general pass's log-likelihood) for its
// words to stand whole, where the general pass heard something else entirely. On the hearing dev set's real
// out-of-domain speech the domain pass was at most 16% better (21% on phone audio, heard with posteriors near 0),
// on clear in-domain answers over a phone line 17–40%; it must then also be sure of its words.
const MIN_ADVANTAGE = 0.2;

/**
 * The words that stand, and how far to trust them (see createPocketsphinxStt). The domain pass counts only
 * when it explains the audio at least as well as the general pass; then its words replace the general pass's
 * word by word where those were unsure and its own sound alike and are sure (word-choice.ts), or whole when it
 * explains the audio far better and is sure of its words (the general model hears little on phone audio).
 */
export function pickPass(general: Pass, biased: Pass, dict: Map<string, string[]> | null = null): SttResult {
  const asHeard = { text: general.text, confidence: general.confidence };
  if (!biased.text || !(biased.logProb >= general.logProb)) return asHeard;
  const advantage = (biased.logProb - general.logProb) / Math.abs(general.logProb);
  if (advantage >= MIN_ADVANTAGE && (biased.confidence ?? 0) >= SURE) {
    // Words only the domain pass heard are the ones it may have invented: the less the passes agree, the less
    // the text is trusted to act on.
    const agreement = alike(phoneString(wordsOf(general), dict), phoneString(wordsOf(biased), dict));
    return { text: biased.text, confidence: biased.confidence! * agreement };
  }
  const chosen = chooseWords(general, biased, (words) => phoneString(words, dict));
  return { text: chosen.text, confidence: chosen.confidence };
}

/**
 * One pass over an utterance heard in pieces (the decoder finished the words before each pause, while the
 * endpoint waited): the words in order, the log-likelihoods added (the pieces are disjoint stretches of audio),
 * the confidence the pieces' mean posterior weighed by their words.
 */
export function joinPasses(pieces: Pass[]): Pass {
  const heard = pieces.filter((p) => p.text);
  if (heard.length <= 1) return heard[0] ?? EMPTY_PASS;
  const rated = heard.filter((p) => p.confidence !== null);
  const words = (p: Pass) => p.text.split(/\s+/).length;
  const rating = rated.reduce((n, p) => n + words(p), 0);
  return {
    text: heard.map((p) => p.text).join(" "),
    logProb: heard.reduce((n, p) => n + p.logProb, 0),
    confidence: rating ? rated.reduce((n, p) => n + p.confidence! * words(p), 0) / rating : null,
    words: heard.flatMap((p) => p.words),
  };
}

/** The spoken words of a best path (sentence marks, silences and noises left out; `word(2)` is `word`). */
export function spokenWords(path: HeardWord[]): HeardWord[] {
  return path
    .map((w) => ({ word: w.word.replace(/\(\d+\)$/, ""), posterior: w.posterior }))
    .filter((w) => !/^(<s>|<\/s>|<sil>|\[.*\]|\+.*\+)$/.test(w.word));
}

/** Mean posterior of the spoken words (null: none). */
export function meanPosterior(spoken: HeardWord[]): number | null {
  return spoken.length ? spoken.reduce((a, w) => a + w.posterior, 0) / spoken.length : null;
}

const PHONE_CHARS = new Map<string, string>();
/** A word's first pronunciation in the dictionary ("B UH K"), "" when it has none. */
export function pronunciation(dict: Map<string, string[]>, word: string): string {
  return dict.get(word)?.[0]?.split(/\s+/).slice(1).join(" ") ?? "";
}

/** The words' pronunciations (attached, or from `dict`), one character per phone. */
function phoneString(words: HeardWord[], dict: Map<string, string[]> | null): string {
  return words
    .flatMap((w) => (w.phones ?? (dict ? pronunciation(dict, w.word) : "")).split(" ").filter(Boolean))
    .map((ph) => PHONE_CHARS.get(ph) ?? (PHONE_CHARS.set(ph, String.fromCharCode(0x100 + PHONE_CHARS.size)), PHONE_CHARS.get(ph)!))
    .join("");
}

/** word → its dictionary lines (alternative pronunciations are `word(2) …`). */
export async function readDictionaryFile(file: string): Promise<Map<string, string[]>> {
  return readDictionary(await fs.promises.readFile(file, "utf8"));
}

export function readDictionary(text: string): Map<string, string[]> {
  const dict = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const head = line.slice(0, line.indexOf(" "));
    if (!head) continue;
    const word = head.replace(/\(\d+\)$/, "");
    dict.set(word, [...(dict.get(word) ?? []), line]);
  }
  return dict;
}

/**
 * The call's domain model in `dir`: a bigram model of its phrases and its own small dictionary (the words
 * the general dictionary knows), which keeps the domain pass at a fraction of the general pass's cost.
 */
export async function writeDomainModel(dir: string, vocabulary: string[], dict: Map<string, string[]>): Promise<{ lm: string; dict: string }> {
  const model = domainModel(vocabulary, dict);
  const files = { lm: path.join(dir, "domain.arpa"), dict: path.join(dir, "domain.dict") };
  await Promise.all([fs.promises.writeFile(files.lm, model.arpa), fs.promises.writeFile(files.dict, model.dict)]);
  return files;
}

/** The domain model's two files' text: the ARPA bigram model and its dictionary. */
export function domainModel(vocabulary: string[], dict: Map<string, string[]>): { arpa: string; dict: string } {
  const words = new Set<string>();
  const inDictionary = (w: string) => (dict.has(w) ? Boolean(words.add(w)) : false);
  const arpa = buildArpa(domainSentences(vocabulary), inDictionary);
  return { arpa, dict: [...words].flatMap((w) => dict.get(w)!).join("\n") + "\n" };
}
