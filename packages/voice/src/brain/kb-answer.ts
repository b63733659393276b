import { parseQuestion, terms, type ParsedQuestion, type QuestionKind } from "./kb-answer-question.ts";
import { sentencesOf, trimForSpeech, type Sentence } from "./kb-answer-sentences.ts";

/** A knowledge-base passage as retrieval gives it, best first. */
export type KbPassage = { heading: string; text: string };
/** What the caller hears; `used` are the indexes of the passages the answer came from (empty when not answered). */
export type KbAnswer = { text: string; answered: boolean; used: number[] };
export type KbAnswerOptions = { maxChars?: number; maxPassages?: number };

export const NOT_IN_KNOWLEDGE_BASE =
  "I'm sorry, I don't have that information with me. I can have someone from the team follow up with the answer.";

// What an answer to each kind of question holds: a number, a time, a definition, a yes or a no…
const NUMBER = /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|twice|once|unlimited|no limit)\b/i;
const EVIDENCE: Record<QuestionKind, RegExp> = {
  quantity: NUMBER,
  time: /\b(?:19|20)\d\d\b|\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|daily|weekly|monthly|yearly|annually|morning|afternoon|evening|noon|midnight|hours?|days?|weeks?|months?|years?|minutes?|seconds?|before|after|until|since|during|when|at boot|at startup)\b/i,
  definition: /\b(?:is|are|was|were|means?|refers? to|stands? for|called|known as)\b/i, // (see defines)
  yesno: /^(?:yes|no)\b|\b(?:not|no|cannot|can't|doesn't|don't|isn't|won't|never|only|always|supports?|can|will|does|may)\b/i,
  reason: /\b(?:because|since|so that|in order to|designed|due to|reason|as a result|to (?:keep|avoid|allow|make|ensure))\b/i,
  place: /\b(?:in|at|from|under|inside|directory|file|folder|site|page|located)\b/i,
  how: /\b(?:use|run|type|call|set|install|make|click|open|add|enter|choose|select|press|configure|compile|build|request|by \w+ing)\b/i,
  other: /./,
};
// A short yes or no leads its explanation ("Yes. zlib doesn't handle dates.").
const YES_NO_LEAD = /^(?:yes|no|not by itself|not yet|sorry)\b[^.!?]{0,30}[.!?]$/i;
// A sentence starting so leans on the one before it.
const LEANS_BACK = /^(?:it|this|that|these|those|they|such|both|so|but|however|also)\b/i;

type Weights = Map<string, number>;
// What a caller asks a product to do, said in many ways ("integrate with" / "connects to"): weak evidence either way.
const GENERIC = new Set(terms("support supports integrate integrates work works handle handles connect offer provide include allow run help able available possible"));
/**
 * The question's most telling word found in the passages: the one the fewest of their sentences hold
 * ("tls" in "how do I build redis with tls support"). An answer should be about it.
 */
function keyTerm(weights: Weights, sentenceTerms: Set<string>[]): string | null {
  let best: string | null = null;
  let fewest = Infinity;
  for (const t of weights.keys()) {
    const n = sentenceTerms.filter((s) => s.has(t)).length;
    if (n > 0 && (n < fewest || (n === fewest && t.length > (best?.length ?? 0)))) [best, fewest] = [t, n];
  }
  return best;
}

type Candidate = { passage: number; sentences: Sentence[]; at: number; score: number; evidence: boolean; coverage: number; topical: number; context: number };

/**
 * Words every passage shares are the topic ("zlib"); a question word no passage holds is what makes it
 * unanswerable. So shared words weigh less, and missing words weigh fully.
 */
function termWeights(q: ParsedQuestion, passageTerms: Set<string>[]): Weights {
  const n = passageTerms.length;
  // A name with a digit ("bzip2", "y2k", "4gb") is as specific as words get; "support" or "work" hardly are.
  const weight = (t: string) =>
    n > 1 && passageTerms.every((p) => p.has(t)) ? 0.6 : /\d/.test(t) ? 1.5 : GENERIC.has(t) ? 0.5 : 1;
  return new Map(q.terms.map((t) => [t, weight(t)]));
}

function overlap(weights: Weights, words: Set<string>): number {
  let hit = 0;
  let all = 0;
  for (const [t, w] of weights) {
    all += w;
    if (words.has(t)) hit += w;
  }
  return all ? hit / all : 0;
}

/** The FAQ question a sentence answers: the nearest question before it in the passage. */
function askedBefore(sentences: Sentence[], at: number): Sentence | null {
  for (let i = at - 1; i >= 0; i--) if (sentences[i]!.question) return sentences[i]!;
  return null;
}

function candidatesOf(q: ParsedQuestion, weights: Weights, key: string | null, passage: KbPassage, rank: number, words: Set<string>): Candidate[] {
  const sentences = sentencesOf(passage.text, passage.heading);
  const coverage = overlap(weights, words);
  const headingFit = overlap(weights, new Set(terms(passage.heading)));
  const questionFits = sentences.filter((s) => s.question).map((s) => overlap(weights, new Set(terms(s.text))));
  const bestQuestionFit = Math.max(0, ...questionFits);
  return sentences.flatMap((s, at) => {
    if (!s.speakable && !YES_NO_LEAD.test(s.text)) return [];
    const asked = askedBefore(sentences, at);
    const askedFit = asked ? overlap(weights, new Set(terms(asked.text))) : 0;
    const own = new Set(terms(s.text));
    const topical = overlap(weights, own);
    // Under another FAQ question than the one asked (of this passage, or one that does not fit): another answer.
    if (asked && ((bestQuestionFit >= 0.5 && askedFit < bestQuestionFit) || (askedFit < 0.34 && topical < 0.6))) return [];
    const context = Math.max(headingFit, askedFit);
    const evidence = q.kind === "definition" ? defines(s.text, weights) : EVIDENCE[q.kind].test(s.text);
    const firstAnswer = asked !== null && sentences[at - 1] === asked;
    const about = key === null || own.has(key) || terms(`${passage.heading} ${asked?.text ?? ""}`).includes(key);
    const score =
      (about ? 0.15 : -0.1) +
      0.4 * topical + 0.3 * context + 0.2 * coverage + (evidence ? 0.25 : 0) + (firstAnswer ? 0.25 : 0) - 0.04 * rank - (s.text.length > 300 ? 0.1 : 0);
    return [{ passage: rank, sentences, at, score, evidence, coverage, topical, context }];
  });
}

/** "Redis is often referred to as…": the sentence opens with a word of the question, then says what it is. */
function defines(sentence: string, weights: Weights): boolean {
  const m = /^((?:\S+\s){0,3}\S+?)\s(?:is|are|was|were|means|refers to|stands for)\b/i.exec(sentence);
  return m !== null && terms(m[1]!).some((t) => weights.has(t));
}

/** A number, a time, a definition: without one the sentence does not answer "how much", "when", "what is". */
const needsEvidence = (kind: QuestionKind) => kind === "quantity" || kind === "time" || kind === "definition";

function acceptable(q: ParsedQuestion, weights: Weights, c: Candidate, spoken: string): boolean {
  if (c.coverage < 0.6 || Math.max(c.topical, c.context) < 0.4 || c.score < 0.5) return false;
  if (!needsEvidence(q.kind)) return true;
  return q.kind === "definition" ? c.evidence : EVIDENCE[q.kind].test(spoken);
}

/** The chosen sentence with the one beside it when it needs it: a bare yes/no, a short line, a sentence leaning back. */
function spokenAnswer(q: ParsedQuestion, weights: Weights, c: Candidate, maxChars: number): string {
  const first = c.sentences[c.at]!;
  const prev = c.sentences[c.at - 1];
  if (LEANS_BACK.test(first.text) && prev && !prev.question && (prev.speakable || YES_NO_LEAD.test(prev.text)) && prev.text.length + first.text.length < maxChars) {
    return `${prev.text} ${first.text}`;
  }
  const next = c.sentences[c.at + 1];
  if (next?.speakable && YES_NO_LEAD.test(first.text)) return `${first.text} ${trimForSpeech(next.text, maxChars - first.text.length - 1)}`;
  if (next?.speakable && next.text.length + first.text.length < maxChars) {
    const needed = LEANS_BACK.test(next.text) || ((q.kind === "quantity" || q.kind === "time") && !EVIDENCE[q.kind].test(first.text));
    const relevant = overlap(weights, new Set(terms(next.text))) >= 0.34;
    if (needed || relevant) return `${first.text} ${next.text}`;
  }
  return trimForSpeech(first.text, maxChars);
}

/**
 * The sentence or two of the best passages that answer the question, fit to be said on a phone call:
 * never the question, a heading or a list read back. When no passage answers well, it says so honestly
 * and offers a follow-up (`answered: false`).
 */
export function answerFromPassages(question: string, passages: KbPassage[], opts: KbAnswerOptions = {}): KbAnswer {
  const maxChars = opts.maxChars ?? 260;
  const q = parseQuestion(question);
  const top = passages.slice(0, opts.maxPassages ?? 3);
  const notKnown: KbAnswer = { text: NOT_IN_KNOWLEDGE_BASE, answered: false, used: [] };
  if (!q.terms.length || !top.length) return notKnown;
  const passageTerms = top.map((p) => new Set(terms(`${p.heading} ${p.text}`)));
  const weights = termWeights(q, passageTerms);
  const key = keyTerm(weights, top.flatMap((p) => sentencesOf(p.text).map((s) => new Set(terms(s.text)))));
  const ranked = top.flatMap((p, i) => candidatesOf(q, weights, key, p, i, passageTerms[i]!)).sort((a, b) => b.score - a.score);
  for (const c of ranked.slice(0, 5)) {
    const text = spokenAnswer(q, weights, c, maxChars);
    if (acceptable(q, weights, c, text)) return { text, answered: true, used: [c.passage] };
  }
  return notKnown;
}
