import type { Expectation } from "../../../../expectation/expectation.ts";
import type { SttProgress } from "../../stt-provider.ts";

/**
 * One pass of pocketsphinx over an utterance (the general English model's, or the call's domain model's), whichever
 * way the decoder ran (a resident thread or a spawned process).
 */
export type Pass = { text: string; logProb: number; confidence: number | null; words: HeardWord[] };
/**
 * A spoken word of a pass's best path and its posterior probability (0–1); `phones` its pronunciation ("B UH K"),
 * attached by the recognizer thread so the main thread needs no dictionary to compare the passes.
 */
export type HeardWord = { word: string; posterior: number; phones?: string };

export const EMPTY_PASS: Pass = { text: "", logProb: -Infinity, confidence: null, words: [] };

/**
 * One pass over an utterance heard in pieces (the decoder finished the words before each pause, while the
 * endpoint waited): the words in order, the log-likelihoods added (the pieces are disjoint stretches of audio),
 * the confidence the pieces' mean posterior weighed by their words.
 */
export function joinPasses(pieces: Pass[]): Pass {
  const heard = pieces.filter((p) => p.text);
  if (heard.length <= 1) return heard[0] ?? EMPTY_PASS;
  const words = (p: Pass) => p.text.split(/\s+/).length;
  let rating = 0;
  let weighed = 0;
  for (const p of heard) {
    if (p.confidence === null) continue;
    rating += words(p);
    weighed += p.confidence * words(p);
  }
  return {
    text: heard.map((p) => p.text).join(" "),
    logProb: heard.reduce((n, p) => n + p.logProb, 0),
    confidence: rating ? weighed / rating : null,
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

/**
 * One call's passes over each utterance, as the resident threads or the spawned fallback run them: the general and
 * the domain pass, and the expectation the utterance was heard under with its answers' pass (null: none ran).
 */
export type TwoPassStream = {
  write(frame: Int16Array): void;
  /** The callee paused: the decoders may finish the words so far (SttStream.pause). */
  pause(): void;
  /** The general pass's words of the current utterance so far. */
  partial(): string;
  /** SttStream.expect. */
  expect(expectation: Expectation): void;
  /** `cheap`: the recogniser was behind, so the domain pass did not hear this utterance (cheap-path.ts). */
  flush(): Promise<{
    general: Pass;
    biased: Pass;
    expected: { expectation: Expectation; pass: Pass | null };
    cheap?: boolean;
  }>;
  close(): void;
  /** SttStream.progress (resident threads only). */
  progress?(): SttProgress;
};
