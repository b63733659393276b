import { type Candidate, rowOf } from "./candidates.ts";
import { EVIDENCE, LEANS_BACK, YES_NO_LEAD } from "./evidence.ts";
import type { ParsedQuestion } from "./question.ts";
import { trimForSpeech, type Sentence } from "./sentences.ts";
import { overlap, type Weights } from "./term-weights.ts";
import { WEIGHTS } from "./weights.ts";
import { terms } from "./words.ts";

/**
 * The sentences that may complete an answer: the next few of the same FAQ answer or table row (a new
 * question or another row is another answer).
 */
function followers(c: Candidate, count: number): Sentence[] {
  const first = c.sentences[c.at]!;
  const out: Sentence[] = [];
  for (const s of c.sentences.slice(c.at + 1, c.at + 1 + count)) {
    if (s.question || rowOf(s) !== rowOf(first)) break;
    out.push(s);
  }
  return out;
}

/**
 * The chosen sentence with the one that completes it: the explanation after a bare yes or no, the one
 * before a sentence leaning back ("It…"), the number a how-much answer still lacks, or the one saying
 * what the question asks and the first does not ("A pull consists of a fetch…" after "A fetch stores…").
 */
export function spokenAnswer(q: ParsedQuestion, weights: Weights, c: Candidate, maxChars: number): string {
  const first = c.sentences[c.at]!;
  const prev = c.sentences[c.at - 1];
  if (
    LEANS_BACK.test(first.text) &&
    prev &&
    !prev.question &&
    (prev.speakable || YES_NO_LEAD.test(prev.text)) &&
    prev.text.length + first.text.length < maxChars
  ) {
    return `${prev.text} ${first.text}`;
  }
  const next = followers(c, WEIGHTS.companion.lookahead).filter((s) => s.speakable && !s.pointer);
  if (next[0] && YES_NO_LEAD.test(first.text))
    return `${first.text} ${trimForSpeech(next[0].text, maxChars - first.text.length - 1)}`;
  const fits = next.filter((s) => s.text.length + first.text.length < maxChars);
  const said = new Set(terms(first.text));
  const unsaid: Weights = Object.assign(new Map([...weights].filter(([t]) => !said.has(t))), {
    related: weights.related,
  });
  const adds = (s: Sentence) => overlap(unsaid, new Set(terms(s.text)));
  const needsNumber = (q.kind === "quantity" || q.kind === "time") && !EVIDENCE[q.kind].test(first.text);
  const companion = needsNumber
    ? fits.filter((s) => EVIDENCE[q.kind].test(s.text)).sort((a, b) => adds(b) - adds(a))[0]
    : fits[0] && LEANS_BACK.test(fits[0].text) && fits[0].index === first.index + 1
      ? fits[0]
      : fits.slice(0, 2).find((s) => adds(s) > 0 && overlap(weights, new Set(terms(s.text))) >= WEIGHTS.companion.adds);
  return companion ? `${first.text} ${companion.text}` : trimForSpeech(first.text, maxChars);
}
