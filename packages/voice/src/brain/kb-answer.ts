import { askedThing, ASKS_LIMIT, defines, EVIDENCE, HIGH_END, IMPERATIVE, INSTRUCTS, LEANS_BACK, LOW_END, namesAskedThing, NEGATION, STATES_LIMIT, statesYesNo, YES_NO_LEAD } from "./kb-answer-evidence.ts";
import { parseQuestion, plainWords, terms, type ParsedQuestion, type QuestionKind } from "./kb-answer-question.ts";
import { sentencesOf, trimForSpeech, type Sentence } from "./kb-answer-sentences.ts";
import { joinCompounds, keyTerm, overlap, termWeights, type Weights } from "./kb-answer-weights.ts";

/** A knowledge-base passage as retrieval gives it, best first. */
export type KbPassage = { heading: string; text: string };
/** What the caller hears; `used` are the indexes of the passages the answer came from (empty when not answered). */
export type KbAnswer = { text: string; answered: boolean; used: number[] };
export type KbAnswerOptions = { maxChars?: number; maxPassages?: number };

export const NOT_IN_KNOWLEDGE_BASE =
  "I'm sorry, I don't have that information with me. I can have someone from the team follow up with the answer.";

type Candidate = {
  passage: number;
  sentences: Sentence[];
  at: number;
  score: number;
  evidence: boolean;
  coverage: number;
  topical: number;
  context: number;
  /** The words of the sentence's heading and FAQ question. */
  labels: Set<string>;
  /** It, its heading or its FAQ question holds the question's most telling word. */
  about: boolean;
  /** It answers one of the passage's own (FAQ) questions. */
  underQuestion: boolean;
};

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

/**
 * An FAQ whose questions are its headings (a web page's "Why does my self-compiled nano not read
 * /etc/nanorc?"): the passage answers the heading's last part when that is a question, or a sentence
 * of six words or more ("My program dies, printing a message like this along the way:").
 */
function headingQuestion(heading: string): string | null {
  const last = heading.split(" › ").at(-1)?.trim() ?? "";
  return /\?["'”)]?$/.test(last) || (/[.:]$/.test(last) && last.split(/\s+/).length >= 6) ? last : null;
}

/**
 * What makes a sentence read as the answer beyond its words: a limit for "the largest…", a negation for a
 * negated question, a way to do it for "how do I…", the file or variable "which file / variable" asks for,
 * the question's words in its order, a yes or no said outright for "can / does…", and, under an FAQ
 * question, being the first sentence of the answer (what follows qualifies it).
 */
function answerShape(q: ParsedQuestion, weights: Weights, s: Sentence, asked: { text: string; end: number } | null, at: number): number {
  const otherEnd = (HIGH_END.test(q.text) && LOW_END.test(s.text) && !HIGH_END.test(s.text)) || (LOW_END.test(q.text) && HIGH_END.test(s.text) && !LOW_END.test(s.text));
  const limit = ASKS_LIMIT.test(q.text) && STATES_LIMIT.test(s.text) && !otherEnd ? 0.1 : 0;
  const negation = NEGATION.test(q.text) && NEGATION.test(s.text) ? 0.05 : 0;
  const instructs = q.kind === "how" && (INSTRUCTS.test(s.text) || IMPERATIVE.test(s.text)) ? 0.1 : 0;
  const outright = q.kind === "yesno" && statesYesNo(s.text, weights) ? 0.1 : 0;
  const named = namesAskedThing(q.text, s.text) ? 0.1 : 0;
  const said = ` ${plainWords(s.text).join(" ")} `;
  // Word pairs as said, and the question's content words in the same order ("day then month" / "day-month-year"),
  // in the FAQ question it answers too ("how do I ignore changes to a tracked file" for "can git ignore changes…").
  const inOrder = [s.text, asked?.text ?? ""]
    .map((text) => ` ${terms(text).join(" ")} `)
    .reduce((n, words) => n + q.terms.slice(1).filter((t, i) => words.includes(` ${q.terms[i]} ${t} `)).length, 0);
  const pairs = Math.min(0.15, 0.05 * (q.pairs.filter((p) => said.includes(` ${p} `)).length + inOrder));
  const firstAnswer = asked !== null && asked.end === at - 1 ? 0.25 : 0;
  const later = asked ? Math.min(0.15, 0.03 * (at - asked.end - 1)) : 0;
  return limit + negation + instructs + outright + named + pairs + firstAnswer - later;
}

function candidatesOf(q: ParsedQuestion, weights: Weights, key: string | null, passage: KbPassage, rank: number, words: Set<string>): Candidate[] {
  const sentences = sentencesOf(passage.text, passage.heading);
  const coverage = overlap(weights, words);
  const headingFit = overlap(weights, new Set(terms(passage.heading)));
  const questionFits = sentences.flatMap((s, at) => (!s.question && sentences[at - 1]?.question ? [askedBefore(sentences, at)!] : []));
  const bestQuestionFit = Math.max(0, ...questionFits.map((a) => overlap(weights, new Set(terms(a.text)))));
  const rowFit = tableRowFit(sentences, weights);
  const headingAsked = headingQuestion(passage.heading);
  return sentences.flatMap((s, at) => {
    if ((!s.speakable && !YES_NO_LEAD.test(s.text)) || (s.pointer && q.kind !== "place")) return [];
    const asked = askedBefore(sentences, at) ?? (headingAsked ? { text: headingAsked, end: -1 } : null);
    const askedFit = asked ? overlap(weights, new Set(terms(asked.text))) : 0;
    const own = new Set(terms(s.text));
    const topical = overlap(weights, own);
    // Under another FAQ question than the one asked (of this passage, or one that does not fit): another answer.
    if (asked && ((bestQuestionFit >= 0.5 && askedFit < bestQuestionFit) || (askedFit < 0.34 && topical < 0.6))) return [];
    const context = Math.max(headingFit, askedFit, rowFit[at]!);
    // (A sentence that leads into a "Therefore…" one says how with it.)
    const leadsInto = LEANS_BACK.test(sentences[at + 1]?.text ?? "") ? ` ${sentences[at + 1]!.text}` : "";
    const evidence = q.kind === "definition" ? defines(s.text, weights) : q.kind === "how" ? saysHow(q, s.text + leadsInto) : EVIDENCE[q.kind].test(s.text);
    const labels = new Set(terms(`${passage.heading} ${asked?.text ?? ""}`));
    // (Naming one of what "which option / file / variable" asks for is being about it: "--smc-check=all".)
    const about = key === null || own.has(key) || labels.has(key) || (key === askedThing(q.text) && namesAskedThing(q.text, s.text));
    // The question's words an FAQ answer repeats from its own question are an echo of it, not an answer.
    const askedTerms = new Set(terms(asked?.text ?? ""));
    const fresh = overlap(weights, new Set([...own].filter((t) => !askedTerms.has(t))));
    const score =
      (about ? 0.15 : -0.1) + answerShape(q, weights, s, asked, at) +
      0.4 * fresh + 0.3 * context + 0.2 * coverage + (evidence ? 0.25 : 0) - 0.04 * rank - (s.text.length > 300 ? 0.1 : 0);
    return [{ passage: rank, sentences, at, score, evidence, coverage, topical, context, labels, about, underQuestion: asked !== null }];
  });
}

/**
 * A way to do it: what you can or should do, an option, or a verb of doing that the question does not
 * already say ("how do I make the build faster": "make" in the sentence is no answer, "-j option" is).
 */
function saysHow(q: ParsedQuestion, sentence: string): boolean {
  const asked = new Set(q.terms);
  const rest = sentence.split(/\s+/).filter((w) => !terms(w).some((t) => asked.has(t))).join(" ");
  return INSTRUCTS.test(sentence) || EVIDENCE.how.test(rest);
}

/** A number, a time, a definition, a name: without one the sentence does not answer "how much", "when", "what is", "who". */
const needsEvidence = (kind: QuestionKind) => kind === "quantity" || kind === "time" || kind === "definition" || kind === "person";

/** The verb of a "how do I…" question ("install" in "how do I install git"). */
function actionOf(q: ParsedQuestion): string | null {
  const m = /^how (?:do|does|can|could|should|would|to)\s+(?:(?:i|we|you|one)\s+)?(\S+)/.exec(q.text);
  return m ? (terms(m[1]!)[0] ?? null) : null;
}

function acceptable(q: ParsedQuestion, weights: Weights, c: Candidate, spoken: string): boolean {
  // A passage may say less of the question when its heading or FAQ question says the rest.
  // "Does postgres have a json type?": a passage without "json" cannot say yes or no.
  const needed = q.kind === "yesno" ? 0.7 : c.context >= 0.5 ? 0.5 : 0.6;
  if (c.coverage < needed || Math.max(c.topical, c.context) < 0.4 || c.score < 0.5) return false;
  // A sentence with none of the question's words answers only under a heading or FAQ question that fits,
  // and holds its most telling word ("who maintains xz" is not answered under "how does xz relate to…").
  if (c.topical === 0 && (c.context < 0.5 || !c.about)) return false;
  // An FAQ answer answers its own question: when neither holds the question's most telling word, it is another answer.
  if (c.underQuestion && !c.about) return false;
  // "How do I install git on Windows?" is not answered by a sentence about git on Windows that never says install.
  const action = actionOf(q);
  // (Also when every passage says the verb somewhere: the answer itself must.)
  // (An instruction given outright in a sentence about the question's other words answers "how do I type a
  // control character…" with "…a control character…, first press Meta-V": its own verb is the way.)
  const instructed = IMPERATIVE.test(spoken) && c.topical >= 0.5;
  if (action && (weights.get(action) ?? 0) >= 0.5 && !c.labels.has(action) && !terms(spoken).includes(action) && !instructed) return false;
  // "Is there a file that runs when I log out?" is not answered by "logout Exit a login shell.": the answer
  // (or its heading, FAQ question or table row) says the kind of thing asked for, or names one.
  const thing = askedThing(q.text);
  // (The chosen sentence as said must: a second one added for its words does not make it an answer, nor words cut off.)
  const first = c.sentences[c.at]!.text;
  const said = spoken.startsWith(first) ? first : spoken;
  if (thing && !c.labels.has(thing) && !terms(`${rowOf(c.sentences[c.at]) ?? ""} ${said}`).includes(thing) && !namesAskedThing(q.text, said)) return false;
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
  const next = followers(c, 3).filter((s) => s.speakable && !s.pointer);
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
