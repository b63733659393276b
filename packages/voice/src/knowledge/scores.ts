import {
  ASKS_LIMIT,
  HIGH_END,
  IMPERATIVE,
  INSTRUCTS,
  LOW_END,
  namesAskedThing,
  NEGATION,
  STATES_LIMIT,
  statesYesNo,
} from "./evidence.ts";
import type { ParsedQuestion } from "./question.ts";
import type { Weights } from "./term-weights.ts";
import { WEIGHTS } from "./weights.ts";
import { plainWords, terms } from "./words.ts";

const { score: S, shape: SHAPE } = WEIGHTS;

/** What a candidate sentence's score is made of, measured once (candidates.ts). */
export type ScoreParts = {
  /** It, its heading or its FAQ question holds the question's most telling word. */
  about: boolean;
  /** Share of the question's words the sentence holds that its own FAQ question does not (an echo is no answer). */
  fresh: number;
  /** How well its heading, FAQ question or table row fits the question. */
  context: number;
  /** How much of the question its whole passage holds. */
  coverage: number;
  /** It holds what the question's kind wants (a number, a time, a definition, a name). */
  evidence: boolean;
  /** Its passage's rank in retrieval (0 first). */
  rank: number;
  length: number;
};

/** Where a sentence stands under an FAQ question: right after it, or further into its answer. */
export type UnderQuestion = { text: string; end: number } | null;

export const aboutScore = (p: ScoreParts) => (p.about ? S.about : S.notAbout);
export const freshScore = (p: ScoreParts) => S.fresh * p.fresh;
export const contextScore = (p: ScoreParts) => S.context * p.context;
export const coverageScore = (p: ScoreParts) => S.coverage * p.coverage;
export const evidenceScore = (p: ScoreParts) => (p.evidence ? S.evidence : 0);
export const rankPenalty = (p: ScoreParts) => S.perRank * p.rank;
export const lengthPenalty = (p: ScoreParts) => (p.length > S.tooLongChars ? S.tooLong : 0);

/** "The largest…", "how far…": a range or a limit answers it, at the end of the range asked for. */
export function limitScore(q: ParsedQuestion, sentence: string): number {
  const otherEnd =
    (HIGH_END.test(q.text) && LOW_END.test(sentence) && !HIGH_END.test(sentence)) ||
    (LOW_END.test(q.text) && HIGH_END.test(sentence) && !LOW_END.test(sentence));
  return ASKS_LIMIT.test(q.text) && STATES_LIMIT.test(sentence) && !otherEnd ? SHAPE.limit : 0;
}

/** A negated question is answered by a negated sentence ("…when a command can't be found"). */
export const negationScore = (q: ParsedQuestion, sentence: string) =>
  NEGATION.test(q.text) && NEGATION.test(sentence) ? SHAPE.negation : 0;

/** "How do I…" is answered by a way to do it. */
export const instructionScore = (q: ParsedQuestion, sentence: string) =>
  q.kind === "how" && (INSTRUCTS.test(sentence) || IMPERATIVE.test(sentence)) ? SHAPE.instructs : 0;

/** "Can / does…" is answered by a yes or a no said outright. */
export const outrightScore = (q: ParsedQuestion, weights: Weights, sentence: string) =>
  q.kind === "yesno" && statesYesNo(sentence, weights) ? SHAPE.outright : 0;

/** "Which file / variable / option…" is answered by naming one. */
export const namedThingScore = (q: ParsedQuestion, sentence: string) =>
  namesAskedThing(q.text, sentence) ? SHAPE.named : 0;

/**
 * The question's word pairs as said, and its content words in the same order ("day then month" /
 * "day-month-year"), in the sentence and in the FAQ question it answers.
 */
export function wordOrderScore(q: ParsedQuestion, sentence: string, asked: UnderQuestion): number {
  const said = ` ${plainWords(sentence).join(" ")} `;
  const inOrder = [sentence, asked?.text ?? ""]
    .map((text) => ` ${terms(text).join(" ")} `)
    .reduce((n, words) => n + q.terms.slice(1).filter((t, i) => words.includes(` ${q.terms[i]} ${t} `)).length, 0);
  return Math.min(SHAPE.pairsMax, SHAPE.pair * (q.pairs.filter((p) => said.includes(` ${p} `)).length + inOrder));
}

/** Under an FAQ question, its answer's first sentence says it; what follows qualifies it. */
export const firstAnswerScore = (asked: UnderQuestion, at: number) =>
  asked !== null && asked.end === at - 1 ? SHAPE.firstAnswer : 0;
export const laterPenalty = (asked: UnderQuestion, at: number) =>
  asked ? Math.min(SHAPE.laterMax, SHAPE.laterPerSentence * (at - asked.end - 1)) : 0;

/** What makes a sentence read as the answer beyond its words. */
export function answerShape(
  q: ParsedQuestion,
  weights: Weights,
  sentence: string,
  asked: UnderQuestion,
  at: number,
): number {
  return (
    limitScore(q, sentence) +
    negationScore(q, sentence) +
    instructionScore(q, sentence) +
    outrightScore(q, weights, sentence) +
    namedThingScore(q, sentence) +
    wordOrderScore(q, sentence, asked) +
    firstAnswerScore(asked, at) -
    laterPenalty(asked, at)
  );
}

/** A candidate sentence's score: the sum of the named parts, in this order. */
export function candidateScore(p: ScoreParts, shape: number): number {
  return (
    aboutScore(p) +
    shape +
    freshScore(p) +
    contextScore(p) +
    coverageScore(p) +
    evidenceScore(p) -
    rankPenalty(p) -
    lengthPenalty(p)
  );
}
