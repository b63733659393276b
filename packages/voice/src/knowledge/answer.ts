import { type Asking, type Candidate, candidatesOf, type Excluded, type KbPassage } from "./candidates.ts";
import { type ParsedQuestion, parseQuestion } from "./question.ts";
import { ANSWER_TYPE_RULES } from "./answer-types.ts";
import { declineLine, NOT_IN_KNOWLEDGE_BASE } from "./decline.ts";
import { focusOf } from "./focus.ts";
import { unsupported } from "./gate.ts";
import { FOCUS_RULES } from "./focus-rules.ts";
import { withoutCitations } from "./citations.ts";
import { ANSWER_RULES, refusalOf } from "./rules.ts";
import { VALUE_RULES } from "./value-rules.ts";
import { ASKED_TERMS_RULES } from "./asked-terms-rules.ts";
import { CLAIM_RULES } from "./claim-rules.ts";
import { sentencesOf } from "./sentences.ts";
import { spokenAnswer } from "./spoken-answer.ts";
import { relatedTerms } from "./synonyms.ts";
import { holdsRelated, joinCompounds, keyTerm, termWeights, type Weights } from "./term-weights.ts";
import { WEIGHTS } from "./weights.ts";
import { terms } from "./words.ts";

export type { KbPassage } from "./candidates.ts";

/** Why a candidate sentence was or was not the answer: the rule that refused it, or "answers" for the one said. */
export type KbCheck = { passage: number; sentence: string; accepted: boolean; rule: string; reason: string };

/**
 * What the caller hears; `used` are the indexes of the passages the answer came from (empty when not
 * answered); `checks` say, best candidate first, which rule accepted or refused each sentence looked at.
 */
export type KbAnswer = { text: string; answered: boolean; used: number[]; checks: KbCheck[] };
export type KbAnswerOptions = { maxChars?: number; maxPassages?: number };

export { NOT_IN_KNOWLEDGE_BASE } from "./decline.ts";

const EXCLUSION_REASONS: Record<Excluded["rule"], string> = {
  "answers-another-question": "It answers another question of the passage than the one asked.",
  "points-elsewhere": 'It only points elsewhere ("see…"), which answers nothing but "where".',
};

/** The question parsed and weighed against the passages looked at. */
function askingOf(parsed: ParsedQuestion, top: KbPassage[], passageTerms: Set<string>[]): Asking {
  const q = joinCompounds(parsed, passageTerms);
  const weights: Weights = Object.assign(termWeights(q, passageTerms), { related: relatedTerms(q.text) });
  const key = keyTerm(
    weights,
    top.flatMap((p) => sentencesOf(p.text).map((s) => new Set(terms(s.text)))),
  );
  const absent = new Set(q.terms.filter((t) => !passageTerms.some((p) => p.has(t) || holdsRelated(weights, t, p))));
  return { q, focus: focusOf(q), weights, key, absent };
}

// The rules that find a sentence off the question; any other refusal means the passage was on it.
const RELEVANCE_RULES = new Set([
  "holds-the-question",
  "on-topic",
  "scores-enough",
  "fitting-heading",
  "own-faq-question",
]);

/** Every rule, in the order they are checked: what the question must share with the answer, then its type and focus. */
const RULES = [
  ...ANSWER_RULES,
  ...ANSWER_TYPE_RULES,
  ...VALUE_RULES,
  ...ASKED_TERMS_RULES,
  ...FOCUS_RULES,
  ...CLAIM_RULES,
];

/**
 * Rules that find the sentence speaks of another thing than the one asked, or states a guess: its passage is
 * then about that other thing, and a weaker sentence of it that every rule lets through is a fact of the other
 * thing said as the answer ("The TEMP database has a default suggested cache size of 0 pages." for "the default
 * page size", once "the default cache size…" was refused). A refusal for the kind of answer (no number, no step)
 * or for vague words ("extra capabilities") does not say this: the number or the names may follow in the passage
 * ("macaddr — Storage size: 6 bytes." after its description; "The capabilities required are NET_ADMIN…").
 */
const ANOTHER_THING = new Set(["same-thing-asked", "gives-the-origin", "states-a-fact"]);

/** What the sentence said was found to answer, after every check passed. */
function answeredBecause({ q, focus }: Asking): string {
  if (q.kind === "person") return "it names who did what is asked";
  if (focus.counted) return "it gives the number asked for";
  if (focus.measure) return `it gives the ${focus.measure === "money" ? "price" : focus.measure} asked for`;
  if (focus.pastEvent) return "it gives the date asked for";
  if (q.kind === "place") return "it names the place asked for";
  if (q.kind === "yesno") return "it says yes or no to what is asked";
  if (focus.instruction) return "it says how to do what is asked";
  return "it speaks of what is asked";
}

/** The verdict on every sentence looked at: scored ones best first, then those left out before scoring. */
function checksOf(
  asking: Asking,
  verdicts: ReturnType<typeof judged>,
  chosen: Candidate | undefined,
  found: Array<{ excluded: Excluded[] }>,
): KbCheck[] {
  return [
    ...verdicts.map(({ c, refusal }) => ({
      passage: c.passage,
      sentence: c.sentences[c.at]!.text,
      accepted: c === chosen,
      rule: refusal?.rule ?? (c === chosen ? "answers" : "second-best"),
      reason:
        refusal?.reason ??
        (c === chosen
          ? `Every check passed: ${answeredBecause(asking)}. This is what the caller hears.`
          : "A better-scored sentence answered first."),
    })),
    ...found.flatMap((f) => f.excluded.map((e) => ({ ...e, accepted: false, reason: EXCLUSION_REASONS[e.rule] }))),
  ];
}

/** Each candidate, best first, with the answer it would give and the first rule refusing it (if any). */
function judged(asking: Asking, ranked: Candidate[], maxChars: number) {
  const offPassages = new Map<number, string>();
  return ranked.map((c) => {
    const spoken = spokenAnswer(asking.q, asking.weights, c, maxChars);
    const off = offPassages.get(c.passage);
    const refusal = off
      ? { rule: "passage-speaks-of-another", reason: `A better sentence of its passage was refused: ${off}` }
      : refusalOf({ ...asking, c, spoken }, RULES);
    if (!off && refusal && ANOTHER_THING.has(refusal.rule)) offPassages.set(c.passage, refusal.reason);
    return { c, spoken, refusal };
  });
}

/**
 * The sentence or two of the best passages that answer the question, fit to be said on a phone call:
 * never the question, a heading or a list read back. When no passage answers well, it says so honestly
 * and offers a follow-up (`answered: false`).
 */
export function answerFromPassages(question: string, passages: KbPassage[], opts: KbAnswerOptions = {}): KbAnswer {
  const maxChars = opts.maxChars ?? WEIGHTS.answer.maxChars;
  const top = passages.slice(0, opts.maxPassages ?? WEIGHTS.answer.maxPassages);
  const notKnown = (checks: KbCheck[]): KbAnswer => ({
    text: NOT_IN_KNOWLEDGE_BASE,
    answered: false,
    used: [],
    checks,
  });
  const parsed = parseQuestion(question);
  if (!parsed.terms.length || !top.length) return notKnown([]);
  const passageTerms = top.map((p) => new Set(terms(`${p.heading} ${p.text}`)));
  const asking = askingOf(parsed, top, passageTerms);
  const found = top.map((p, i) => candidatesOf(asking, p, i, passageTerms[i]!));
  const ranked = found.flatMap((f) => f.candidates).sort((a, b) => b.score - a.score);
  const verdicts = judged(asking, ranked, maxChars);
  const chosen = verdicts.find((v) => v.refusal === null);
  const checks = checksOf(asking, verdicts, chosen?.c, found);
  if (!chosen) {
    // The best sentence was on the question and failed only on what it says: name what is known.
    const best = verdicts[0];
    const onTopic = best?.refusal && !RELEVANCE_RULES.has(best.refusal.rule);
    const text = onTopic ? declineLine(asking.q, asking.focus, top[best.c.passage]!.heading) : NOT_IN_KNOWLEDGE_BASE;
    return { ...notKnown(checks), text };
  }
  const doubt = unsupported(chosen.c);
  if (doubt) {
    // Every rule passed but the sentence holds too little of the question: the refusal is said first.
    const at = checks.findIndex((k) => k.accepted);
    const gated = { ...checks[at]!, accepted: false, rule: "well-supported", reason: doubt };
    return notKnown([gated, ...checks.filter((_, i) => i !== at)]);
  }
  return { text: withoutCitations(chosen.spoken), answered: true, used: [chosen.c.passage], checks };
}

/**
 * The checks of one passage to show a person: its best few candidates, best first, and the one said when
 * it came from this passage further down.
 */
export function passageChecks(answer: KbAnswer, passage: number, limit = 3): Omit<KbCheck, "passage">[] {
  const mine = answer.checks.filter((c) => c.passage === passage);
  const shown = mine.slice(0, limit);
  const said = mine.find((c) => c.accepted);
  if (said && !shown.includes(said)) shown[limit - 1] = said;
  return shown.map(({ passage: _, ...c }) => c);
}

/** Every passage looked at with whether the answer came from it and its checks: what a call records. */
export function lookupsOf<P>(
  answer: KbAnswer,
  passages: P[],
): Array<{ passage: P; used: boolean; checks: Omit<KbCheck, "passage">[] }> {
  return passages.map((passage, i) => ({ passage, used: answer.used.includes(i), checks: passageChecks(answer, i) }));
}
