import { distance } from "fastest-levenshtein";
import type { HeardWord, Pass } from "./pass.ts";

/**
 * The words of an utterance chosen word by word between pocketsphinx's two passes. Where the passes hear the
 * same words, those stand. Where they differ, the domain pass's words replace the general pass's only when
 * all three hold: the general pass was unsure of its words there, the domain pass is sure of its own, and the
 * two sound alike ("but the disney" for "book me tuesday"). So a small domain model can correct a word the
 * general model misheard, but can neither slip its phrases into a sentence both passes otherwise agree on nor
 * add words where the general pass heard none.
 */

// The general pass's words are unsure below this mean posterior (brain/heard-confidence.ts draws the line for
// acting a little higher).
const UNSURE = 0.5;
// The domain pass's own words must be near certain: its small model leaves few alternatives, so its posteriors
// run high even on speech it cannot have heard.
export const SURE = 0.8;
// How alike the two stretches' pronunciations must be (1 - phone edit distance / length): a misheard phrase sounds
// about half like what was said, unrelated phrases much less.
const MIN_AGREEMENT = 0.4;

export type Phones = (words: HeardWord[]) => string;

export type WordChoice = { text: string; confidence: number | null; fromDomain: number };

/** The merged words and their confidence: the mean of each word's posterior (a word taken from the domain pass
 * is weighed down by how unlike the general pass's words it sounds; a word both passes heard takes the higher). */
export function chooseWords(general: Pass, biased: Pass, phones: Phones): WordChoice {
  const g = wordsOf(general);
  const b = wordsOf(biased);
  const chosen: HeardWord[] = [];
  let fromDomain = 0;
  for (const step of align(
    g.map((w) => w.word),
    b.map((w) => w.word),
  )) {
    if (step.same) {
      chosen.push({
        word: g[step.g[0]!]!.word,
        posterior: Math.max(g[step.g[0]!]!.posterior, b[step.b[0]!]!.posterior),
      });
      continue;
    }
    const gs = step.g.map((i) => g[i]!);
    const bs = step.b.map((i) => b[i]!);
    const agreement = gs.length && bs.length ? alike(phones(gs), phones(bs)) : 0;
    if (mean(gs) < UNSURE && mean(bs) >= SURE && agreement >= MIN_AGREEMENT) {
      chosen.push(...bs.map((w) => ({ word: w.word, posterior: w.posterior * agreement })));
      fromDomain += bs.length;
    } else chosen.push(...gs);
  }
  const rated = general.confidence !== null || biased.confidence !== null;
  return {
    text: chosen.map((w) => w.word).join(" "),
    confidence: rated && chosen.length ? mean(chosen) : general.confidence,
    fromDomain,
  };
}

/** 1 - phone edit distance / length: how alike two pronunciations are (0–1). */
export function alike(a: string, b: string): number {
  return 1 - distance(a, b) / Math.max(a.length, b.length, 1);
}

/** A pass's spoken words; a pass given only as text has its mean posterior on each. */
export function wordsOf(p: Pass): HeardWord[] {
  if (p.words.length || !p.text) return p.words;
  return p.text.split(/\s+/).map((word) => ({ word, posterior: p.confidence ?? 0 }));
}

const mean = (ws: HeardWord[]) => (ws.length ? ws.reduce((n, w) => n + w.posterior, 0) / ws.length : 0);

/** Where the passes agree word for word, and the stretches between where they do not (indices into each). */
type Step = { same: boolean; g: number[]; b: number[] };

/** A minimal word edit alignment, the runs of differing words gathered into one step each. */
export function align(g: string[], b: string[]): Step[] {
  const cost = Array.from({ length: g.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= g.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cost[i]![j] = Math.min(
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
        cost[i - 1]![j - 1]! + (g[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
  }
  const steps: Step[] = [];
  const differ = (gi: number | null, bi: number | null) => {
    let last = steps[0];
    if (!last || last.same) {
      last = { same: false, g: [], b: [] };
      steps.unshift(last);
    }
    if (gi !== null) last.g.unshift(gi);
    if (bi !== null) last.b.unshift(bi);
  };
  for (let i = g.length, j = b.length; i > 0 || j > 0; ) {
    if (i > 0 && j > 0 && g[i - 1] === b[j - 1] && cost[i]![j] === cost[i - 1]![j - 1]) {
      steps.unshift({ same: true, g: [--i], b: [--j] });
    } else if (i > 0 && j > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + 1) differ(--i, --j);
    else if (i > 0 && cost[i]![j] === cost[i - 1]![j]! + 1) differ(--i, null);
    else differ(null, --j);
  }
  return steps;
}
