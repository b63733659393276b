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
// A digit that is not part of a name ("EUI-64", "macaddr8", "ipv4").
const NUMBER = /(?<![\p{L}\d]-?)\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|twice|once|unlimited|no limit)\b/iu;
const EVIDENCE: Record<QuestionKind, RegExp> = {
  quantity: NUMBER,
  time: /\b(?:19|20)\d\d\b|\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|daily|weekly|monthly|yearly|annually|morning|afternoon|evening|noon|midnight|hours?|days?|weeks?|months?|years?|minutes?|seconds?|before|after|until|since|during|when|at boot|at startup)\b/i,
  definition: /\b(?:is|are|was|were|means?|refers? to|stands? for|called|known as)\b/i, // (see defines)
  yesno: /^(?:yes|no)\b|:\s*(?:yes|no)\b|\b(?:not|no|cannot|can't|doesn't|don't|isn't|won't|never|only|always|supports?|can|will|does|may)\b/i,
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
// In "what's the largest number a smallint can hold" the number is the answer, not a word to find.
const MEASURES = new Set(terms("number numbers value values amount count total"));
// "The largest…", "how far…": a range or a limit answers it ("Range: -32768 to +32767").
const ASKS_LIMIT = /\b(?:largest|biggest|highest|smallest|lowest|maximum|minimum|max|min|most|least|range|far|limit)\b/i;
const NEGATION = /\b(?:not|no|never|cannot|without)\b|n't\b/i;
const STATES_LIMIT = /\b(?:range|maximum|minimum|max|min|up to|at most|at least|largest|highest|smallest|lowest|limit(?:ed)?)\b|\bto [+-]?\d/i;
// What a caller asks a product to do, said in many ways ("integrate with" / "connects to"): weak evidence either way.
// Nor do the measure words of a "how much" question: the number in the answer is what matters.
const GENERIC = new Set(
  terms(
    "support supports integrate integrates work works handle handles connect offer provide include allow run help able available possible " +
      "take takes hold holds fit fits go goes come comes room space big large long far size amount happen happens " +
      "largest biggest highest smallest lowest longest maximum minimum max min find get see locate look full " +
      "difference differences between compare versus vs guide document documentation manual article page make",
  ),
);
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

/** Two words said apart that the passages write as one ("big int" / "bigint", "mac address" / "macaddr" is not). */
function joinCompounds(q: ParsedQuestion, passageTerms: Set<string>[]): ParsedQuestion {
  const words = q.text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const joined = new Set<string>();
  const parts = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) {
    const compound = terms(`${words[i]}${words[i + 1]}`)[0];
    if (compound && passageTerms.some((p) => p.has(compound))) {
      joined.add(compound);
      for (const t of terms(`${words[i]} ${words[i + 1]}`)) parts.add(t);
    }
  }
  if (!joined.size) return q;
  return { ...q, terms: [...q.terms.filter((t) => !parts.has(t)), ...joined] };
}

/**
 * Words every passage shares are the topic ("zlib"); a question word no passage holds is what makes it
 * unanswerable. So shared words weigh less, and missing words weigh fully.
 */
function termWeights(q: ParsedQuestion, passageTerms: Set<string>[]): Weights {
  const n = passageTerms.length;
  // A name with a digit ("bzip2", "y2k", "4gb") is as specific as words get; "support" or "work" hardly are.
  const weak = (t: string) => GENERIC.has(t) || (q.kind === "quantity" && MEASURES.has(t));
  const weight = (t: string) => (n > 1 && passageTerms.every((p) => p.has(t)) ? 0.6 : /\d/.test(t) ? 1.5 : weak(t) ? 0.2 : 1);
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

/**
 * A table read as sentences ("smallint — Range: -32768 to +32767.") says what its row is about in the
 * row's other sentences ("smallint — Description: small-range integer."): each sentence of a row gets
 * the fit of the whole row.
 */
function tableRowFit(sentences: Sentence[], weights: Weights): number[] {
  const rowOf = (s: Sentence) => /^(.{1,80}?) — /.exec(s.text)?.[1] ?? null;
  const rows = new Map<string, Set<string>>();
  for (const s of sentences) {
    const row = rowOf(s);
    if (row !== null) rows.set(row, new Set([...(rows.get(row) ?? []), ...terms(s.text)]));
  }
  return sentences.map((s) => {
    const row = rowOf(s);
    return row === null ? 0 : overlap(weights, rows.get(row)!);
  });
}

/**
 * The FAQ question a sentence answers: the nearest question before it in the passage, with the question
 * sentences right before that one ("I've made a mistake in the last commit. How do I change it?").
 */
function askedBefore(sentences: Sentence[], at: number): { text: string; end: number } | null {
  let end = at - 1;
  while (end >= 0 && !sentences[end]!.question) end--;
  if (end < 0) return null;
  let start = end;
  while (start > 0 && sentences[start - 1]!.question) start--;
  return { text: sentences.slice(start, end + 1).map((s) => s.text).join(" "), end };
}

function candidatesOf(q: ParsedQuestion, weights: Weights, key: string | null, passage: KbPassage, rank: number, words: Set<string>): Candidate[] {
  const sentences = sentencesOf(passage.text, passage.heading);
  const coverage = overlap(weights, words);
  const headingFit = overlap(weights, new Set(terms(passage.heading)));
  const questionFits = sentences.flatMap((s, at) => (!s.question && sentences[at - 1]?.question ? [askedBefore(sentences, at)!] : []));
  const bestQuestionFit = Math.max(0, ...questionFits.map((a) => overlap(weights, new Set(terms(a.text)))));
  const rowFit = tableRowFit(sentences, weights);
  return sentences.flatMap((s, at) => {
    if (!s.speakable && !YES_NO_LEAD.test(s.text)) return [];
    const asked = askedBefore(sentences, at);
    const askedFit = asked ? overlap(weights, new Set(terms(asked.text))) : 0;
    const own = new Set(terms(s.text));
    const topical = overlap(weights, own);
    // Under another FAQ question than the one asked (of this passage, or one that does not fit): another answer.
    if (asked && ((bestQuestionFit >= 0.5 && askedFit < bestQuestionFit) || (askedFit < 0.34 && topical < 0.6))) return [];
    const context = Math.max(headingFit, askedFit, rowFit[at]!);
    const evidence = q.kind === "definition" ? defines(s.text, weights) : EVIDENCE[q.kind].test(s.text);
    const limit = ASKS_LIMIT.test(q.text) && STATES_LIMIT.test(s.text) ? 0.1 : 0;
    // "…when a command can't be found" is answered by "…cannot be found, the exit status is 127", not "…was found".
    const negation = NEGATION.test(q.text) && NEGATION.test(s.text) ? 0.05 : 0;
    const firstAnswer = asked !== null && asked.end === at - 1;
    const about = key === null || own.has(key) || terms(`${passage.heading} ${asked?.text ?? ""}`).includes(key);
    const score =
      (about ? 0.15 : -0.1) + limit + negation +
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
  // A passage may say less of the question when its heading or FAQ question says the rest.
  // "Does postgres have a json type?": a passage without "json" cannot say yes or no.
  const needed = q.kind === "yesno" ? 0.7 : c.context >= 0.5 ? 0.5 : 0.6;
  if (c.coverage < needed || Math.max(c.topical, c.context) < 0.4 || c.score < 0.5) return false;
  if (!needsEvidence(q.kind)) return true;
  return q.kind === "definition" ? c.evidence : EVIDENCE[q.kind].test(spoken);
}

const rowOf = (s: Sentence | undefined) => (s ? (/^(.{1,80}?) — /.exec(s.text)?.[1] ?? null) : null);

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
function spokenAnswer(q: ParsedQuestion, weights: Weights, c: Candidate, maxChars: number): string {
  const first = c.sentences[c.at]!;
  const prev = c.sentences[c.at - 1];
  if (LEANS_BACK.test(first.text) && prev && !prev.question && (prev.speakable || YES_NO_LEAD.test(prev.text)) && prev.text.length + first.text.length < maxChars) {
    return `${prev.text} ${first.text}`;
  }
  const next = followers(c, 3).filter((s) => s.speakable);
  if (next[0] && YES_NO_LEAD.test(first.text)) return `${first.text} ${trimForSpeech(next[0].text, maxChars - first.text.length - 1)}`;
  const fits = next.filter((s) => s.text.length + first.text.length < maxChars);
  const said = new Set(terms(first.text));
  const unsaid: Weights = new Map([...weights].filter(([t]) => !said.has(t)));
  const adds = (s: Sentence) => overlap(unsaid, new Set(terms(s.text)));
  const needsNumber = (q.kind === "quantity" || q.kind === "time") && !EVIDENCE[q.kind].test(first.text);
  const companion = needsNumber
    ? fits.filter((s) => EVIDENCE[q.kind].test(s.text)).sort((a, b) => adds(b) - adds(a))[0]
    : fits[0] && (LEANS_BACK.test(fits[0].text) && fits[0].index === first.index + 1)
      ? fits[0]
      : fits.slice(0, 2).find((s) => adds(s) > 0 && overlap(weights, new Set(terms(s.text))) >= 0.34);
  return companion ? `${first.text} ${companion.text}` : trimForSpeech(first.text, maxChars);
}

/**
 * The sentence or two of the best passages that answer the question, fit to be said on a phone call:
 * never the question, a heading or a list read back. When no passage answers well, it says so honestly
 * and offers a follow-up (`answered: false`).
 */
export function answerFromPassages(question: string, passages: KbPassage[], opts: KbAnswerOptions = {}): KbAnswer {
  const maxChars = opts.maxChars ?? 260;
  let q = parseQuestion(question);
  const top = passages.slice(0, opts.maxPassages ?? 3);
  const notKnown: KbAnswer = { text: NOT_IN_KNOWLEDGE_BASE, answered: false, used: [] };
  if (!q.terms.length || !top.length) return notKnown;
  const passageTerms = top.map((p) => new Set(terms(`${p.heading} ${p.text}`)));
  q = joinCompounds(q, passageTerms);
  const weights = termWeights(q, passageTerms);
  const key = keyTerm(weights, top.flatMap((p) => sentencesOf(p.text).map((s) => new Set(terms(s.text)))));
  const ranked = top.flatMap((p, i) => candidatesOf(q, weights, key, p, i, passageTerms[i]!)).sort((a, b) => b.score - a.score);
  for (const c of ranked) {
    const text = spokenAnswer(q, weights, c, maxChars);
    if (acceptable(q, weights, c, text)) return { text, answered: true, used: [c.passage] };
  }
  return notKnown;
}
