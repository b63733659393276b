import { askedThing, defines, EVIDENCE, INSTRUCTS, LEANS_BACK, namesAskedThing, YES_NO_LEAD } from "./evidence.ts";
import type { Focus } from "./focus.ts";
import type { ParsedQuestion } from "./question.ts";
import { answerShape, candidateScore, type UnderQuestion } from "./scores.ts";
import { sentencesOf, type Sentence } from "./sentences.ts";
import { overlap, type Weights } from "./term-weights.ts";
import { WEIGHTS } from "./weights.ts";
import { terms } from "./words.ts";

/** A knowledge-base passage as retrieval gives it, best first. */
export type KbPassage = { heading: string; text: string };

/** A sentence that could be the answer, with what its score and the rules read. */
export type Candidate = {
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

/** A sentence left out before scoring, and the rule that left it out. */
export type Excluded = { passage: number; sentence: string; rule: "answers-another-question" | "points-elsewhere" };

/** Everything the question is matched with: its parse, its focus, its words' weights and its most telling word. */
export type Asking = {
  q: ParsedQuestion;
  focus: Focus;
  weights: Weights;
  key: string | null;
  /** The question's words no passage looked at holds, nor a word related to them. */
  absent: Set<string>;
};

export const rowOf = (s: Sentence | undefined) => (s ? (/^(.{1,80}?) — /.exec(s.text)?.[1] ?? null) : null);

/**
 * A table read as sentences ("smallint — Range: -32768 to +32767.") says what its row is about in the
 * row's other sentences ("smallint — Description: small-range integer."): each sentence of a row gets
 * the fit of the whole row.
 */
function tableRowFit(sentences: Sentence[], weights: Weights): number[] {
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
function askedBefore(sentences: Sentence[], at: number): UnderQuestion {
  let end = at - 1;
  while (end >= 0 && !sentences[end]!.question) end--;
  if (end < 0) return null;
  let start = end;
  while (start > 0 && sentences[start - 1]!.question) start--;
  return {
    text: sentences
      .slice(start, end + 1)
      .map((s) => s.text)
      .join(" "),
    end,
  };
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
 * A way to do it: what you can or should do, an option, or a verb of doing that the question does not
 * already say ("how do I make the build faster": "make" in the sentence is no answer, "-j option" is).
 */
function saysHow(q: ParsedQuestion, sentence: string): boolean {
  const asked = new Set(q.terms);
  const rest = sentence
    .split(/\s+/)
    .filter((w) => !terms(w).some((t) => asked.has(t)))
    .join(" ");
  return INSTRUCTS.test(sentence) || EVIDENCE.how.test(rest);
}

/** Whether the sentence holds what the question's kind wants (a definition, a way to do it, a number…). */
function holdsEvidence(q: ParsedQuestion, weights: Weights, sentences: Sentence[], at: number): boolean {
  const s = sentences[at]!.text;
  // (A sentence that leads into a "Therefore…" one says how with it.)
  const leadsInto = LEANS_BACK.test(sentences[at + 1]?.text ?? "") ? ` ${sentences[at + 1]!.text}` : "";
  if (q.kind === "definition") return defines(s, weights);
  if (q.kind === "how") return saysHow(q, s + leadsInto);
  return EVIDENCE[q.kind].test(s);
}

/**
 * The sentences of one passage that could answer, scored; those under another FAQ question than the one
 * asked, and pointers elsewhere when the question is not "where", are left out with their rule.
 */
export function candidatesOf(
  { q, weights, key }: Asking,
  passage: KbPassage,
  rank: number,
  words: Set<string>,
): { candidates: Candidate[]; excluded: Excluded[] } {
  const sentences = sentencesOf(passage.text, passage.heading);
  const coverage = overlap(weights, words);
  const headingFit = overlap(weights, new Set(terms(passage.heading)));
  const questionFits = sentences.flatMap((s, at) =>
    !s.question && sentences[at - 1]?.question ? [askedBefore(sentences, at)!] : [],
  );
  const bestQuestionFit = Math.max(0, ...questionFits.map((a) => overlap(weights, new Set(terms(a.text)))));
  const rowFit = tableRowFit(sentences, weights);
  const headingAsked = headingQuestion(passage.heading);
  const excluded: Excluded[] = [];
  const { fits, fitsBarely, topicalAlone } = WEIGHTS.faqQuestion;
  const candidates = sentences.flatMap((s, at): Candidate[] => {
    // Sentences nobody says (headings, code, lists) are never candidates.
    if (!s.speakable && !YES_NO_LEAD.test(s.text)) return [];
    if (s.pointer && q.kind !== "place") {
      excluded.push({ passage: rank, sentence: s.text, rule: "points-elsewhere" });
      return [];
    }
    const asked = askedBefore(sentences, at) ?? (headingAsked ? { text: headingAsked, end: -1 } : null);
    const askedFit = asked ? overlap(weights, new Set(terms(asked.text))) : 0;
    const own = new Set(terms(s.text));
    const topical = overlap(weights, own);
    // Under another FAQ question than the one asked (of this passage, or one that does not fit): another answer.
    if (
      asked &&
      ((bestQuestionFit >= fits && askedFit < bestQuestionFit) || (askedFit < fitsBarely && topical < topicalAlone))
    ) {
      excluded.push({ passage: rank, sentence: s.text, rule: "answers-another-question" });
      return [];
    }
    const context = Math.max(headingFit, askedFit, rowFit[at]!);
    const labels = new Set(terms(`${passage.heading} ${asked?.text ?? ""}`));
    // (Naming one of what "which option / file / variable" asks for is being about it: "--smc-check=all".)
    const about =
      key === null ||
      own.has(key) ||
      labels.has(key) ||
      (key === askedThing(q.text) && namesAskedThing(q.text, s.text));
    const askedTerms = new Set(terms(asked?.text ?? ""));
    const fresh = overlap(weights, new Set([...own].filter((t) => !askedTerms.has(t))));
    const evidence = holdsEvidence(q, weights, sentences, at);
    const parts = { about, fresh, context, coverage, evidence, rank, length: s.text.length };
    const score = candidateScore(parts, answerShape(q, weights, s.text, asked, at));
    return [
      {
        passage: rank,
        sentences,
        at,
        score,
        evidence,
        coverage,
        topical,
        context,
        labels,
        about,
        underQuestion: !!asked,
      },
    ];
  });
  return { candidates, excluded };
}
