import type { ParsedQuestion } from "./question.ts";
import { WEIGHTS } from "./weights.ts";
import { terms } from "./words.ts";

/**
 * How much each word of the question counts when a passage or a sentence is matched against it; `related`
 * holds, per word, what a passage may say instead (WordNet's synonyms and derived forms), met for less.
 */
export type Weights = Map<string, number> & { related?: Map<string, Set<string>> };

// In "what's the largest number a smallint can hold" the number is the answer, not a word to find.
// Nor is the direction of "how far into the future / back": the limit in the answer is.
const MEASURES = new Set(terms("number numbers value values amount count total future past ahead forward back"));
// What a caller asks a product to do, said in many ways ("integrate with" / "connects to"): weak evidence either way.
// Nor do the measure words of a "how much" question: the number in the answer is what matters.
const GENERIC = new Set(
  terms(
    "support supports integrate integrates work works handle handles connect " +
      "offer provide include allow run help able available possible " +
      "take takes hold holds fit fits go goes come comes room space big large long far size amount happen happens " +
      "largest biggest highest smallest lowest longest maximum minimum max min find get see locate look full " +
      "difference differences between compare versus vs guide document documentation manual article page make",
  ),
);

/**
 * The question's most telling word found in the passages: the one the fewest of their sentences hold
 * ("tls" in "how do I build redis with tls support"). An answer should be about it.
 */
export function keyTerm(weights: Weights, sentenceTerms: Set<string>[]): string | null {
  let best: string | null = null;
  let fewest = Infinity;
  for (const [t, w] of weights) {
    // A weak word ("size", "work") is never what the question is about.
    if (w < WEIGHTS.term.keyMin) continue;
    const n = sentenceTerms.filter((s) => s.has(t)).length;
    if (n > 0 && (n < fewest || (n === fewest && t.length > (best?.length ?? 0)))) [best, fewest] = [t, n];
  }
  return best;
}

/** Two words said apart that the passages write as one ("big int" / "bigint", "mac address" / "macaddr" is not). */
export function joinCompounds(q: ParsedQuestion, passageTerms: Set<string>[]): ParsedQuestion {
  const words = q.text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const joined = new Set<string>();
  const parts = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) {
    const compound = terms(`${words[i]}${words[i + 1]}`)[0];
    const split = terms(`${words[i]} ${words[i + 1]}`);
    // Not when the passages also say the two words apart ("can git ignore changes" / "git doesn't ignore them").
    const saidApart = split.length === 2 && passageTerms.some((p) => split.every((t) => p.has(t)));
    if (compound && !saidApart && passageTerms.some((p) => p.has(compound))) {
      joined.add(compound);
      for (const t of split) parts.add(t);
    }
  }
  if (!joined.size) return q;
  return { ...q, terms: [...q.terms.filter((t) => !parts.has(t)), ...joined] };
}

/**
 * Words every passage shares are the topic ("zlib"); a question word no passage holds is what makes it
 * unanswerable. So shared words weigh less, and missing words weigh fully.
 */
export function termWeights(q: ParsedQuestion, passageTerms: Set<string>[]): Weights {
  const n = passageTerms.length;
  // A name with a digit ("bzip2", "y2k", "4gb") is as specific as words get; "support" or "work" hardly are;
  // what the caller already has ("besides the copyright notice…") is not what they ask for.
  const weak = (t: string) => GENERIC.has(t) || (q.kind === "quantity" && MEASURES.has(t));
  const { known, everywhere, named, weak: weakWeight, plain } = WEIGHTS.term;
  const weight = (t: string) =>
    q.known.includes(t)
      ? known
      : n > 1 && passageTerms.every((p) => p.has(t))
        ? everywhere
        : /\d/.test(t) && /\p{L}/u.test(t)
          ? named
          : weak(t)
            ? weakWeight
            : plain;
  return new Map(q.terms.map((t) => [t, weight(t)]));
}

/** Whether `words` holds a word related to the question's word `t` (never the word itself). */
export const holdsRelated = (weights: Weights, t: string, words: Set<string>) =>
  [...(weights.related?.get(t) ?? [])].some((r) => words.has(r));

/** The weighted share of the question's words that `words` holds (0..1); a related word counts for less. */
export function overlap(weights: Weights, words: Set<string>): number {
  let hit = 0;
  let all = 0;
  for (const [t, w] of weights) {
    all += w;
    if (words.has(t)) hit += w;
    else if (weights.related && holdsRelated(weights, t, words)) hit += w * WEIGHTS.term.related;
  }
  return all ? hit / all : 0;
}
