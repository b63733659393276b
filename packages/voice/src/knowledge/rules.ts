import { type Candidate, rowOf } from "./candidates.ts";
import type { Focus } from "./focus.ts";
import { askedThing, EVIDENCE, IMPERATIVE, namesAskedThing } from "./evidence.ts";
import type { ParsedQuestion, QuestionKind } from "./question.ts";
import type { Weights } from "./term-weights.ts";
import { WEIGHTS } from "./weights.ts";
import { terms } from "./words.ts";

const A = WEIGHTS.accept;

/** What a rule reads: the question, its focus, its words' weights, the candidate and the answer as it would be said. */
export type RuleInput = {
  q: ParsedQuestion;
  focus: Focus;
  weights: Weights;
  c: Candidate;
  spoken: string;
  /** The question's words no passage looked at holds, nor a word related to them. */
  absent?: Set<string>;
};

/** One accept/reject check: it passes, or it refuses the candidate and says why. */
export type AnswerRule = { id: string; refuses: (x: RuleInput) => string | null };

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The verb of a "how do I…" question ("install" in "how do I install git"). */
function actionOf(q: ParsedQuestion): string | null {
  const m = /^how (?:do|does|can|could|should|would|to)\s+(?:(?:i|we|you|one)\s+)?(\S+)/.exec(q.text);
  return m ? (terms(m[1]!)[0] ?? null) : null;
}

/**
 * A number, a time, a definition, a name: without one the sentence does
 * not answer "how much", "when", "what is", "who".
 */
const WANTED: Partial<Record<QuestionKind, string>> = {
  quantity: "number",
  time: "time or date",
  definition: "definition",
  person: "name",
};

/** The accept/reject rules, in the order they are checked: a candidate is the answer when none refuses it. */
export const ANSWER_RULES: AnswerRule[] = [
  {
    // A passage may say less of the question when its heading or FAQ question says the rest.
    // "Does postgres have a json type?": a passage without "json" cannot say yes or no.
    id: "holds-the-question",
    refuses: ({ q, c }) => {
      const needed =
        q.kind === "yesno" ? A.coverageYesNo : c.context >= A.fittingContext ? A.coverageInContext : A.coverage;
      return c.coverage < needed
        ? `Its passage holds ${pct(c.coverage)} of the question's words; ${pct(needed)} needed.`
        : null;
    },
  },
  {
    id: "on-topic",
    refuses: ({ c }) =>
      Math.max(c.topical, c.context) < A.onTopic
        ? "Neither the sentence nor its heading or FAQ question is about the question."
        : null,
  },
  {
    id: "scores-enough",
    refuses: ({ c }) => (c.score < A.score ? `Scores ${c.score.toFixed(2)}, under ${A.score}.` : null),
  },
  {
    // A sentence with none of the question's words answers only under an FAQ question that fits or a heading
    // that says most of the question (a section's heading names a topic, and half of it is one word of two:
    // "access controls" for "control z in bash"), and holds its most telling word ("who maintains xz" is not
    // answered under "how does xz relate to…").
    id: "fitting-heading",
    // A table's row says what it is about in itself: one with none of the caller's own words is another row,
    // whatever its table's heading or a word related to one of them ("knockd — description: small port-knock
    // daemon…" under "access controls" for "what does control z do in bash": "knock" is WordNet's for "bash").
    refuses: ({ c, weights }) => {
      const sentence = c.sentences[c.at]!.text;
      const anotherRow = rowOf(c.sentences[c.at]) !== null && !terms(sentence).some((t) => weights.has(t));
      const needed = c.underQuestion ? A.fittingContext : A.fittingContextAlone;
      return anotherRow || (c.topical === 0 && (c.context < needed || !c.about))
        ? "It says none of the question's words, and its heading or FAQ question does not fit."
        : null;
    },
  },
  {
    // An FAQ answer answers its own question: when neither holds the
    // question's most telling word, it is another answer.
    id: "own-faq-question",
    refuses: ({ c }) => (c.underQuestion && !c.about ? "It answers an FAQ question about something else." : null),
  },
  {
    // "How do I install git on Windows?" is not answered by a sentence about git on Windows that never says
    // install, even when every passage says the verb somewhere. An instruction given outright in a sentence
    // about the question's other words is the way ("…a control character…, first press Meta-V").
    id: "says-the-action",
    refuses: ({ q, weights, c, spoken }) => {
      const action = actionOf(q);
      const instructed = IMPERATIVE.test(spoken) && c.topical >= A.instructedTopical;
      return action &&
        (weights.get(action) ?? 0) >= A.actionWeight &&
        !c.labels.has(action) &&
        !terms(spoken).includes(action) &&
        !instructed
        ? `It never says "${action}", what the question asks how to do.`
        : null;
    },
  },
  {
    // "Is there a file that runs when I log out?" is not answered by "logout Exit a login shell.": the answer
    // (or its heading, FAQ question or table row) says the kind of thing asked for, or names one. The chosen
    // sentence as said must: a second one added for its words does not make it an answer, nor words cut off.
    id: "names-the-asked-thing",
    refuses: ({ q, c, spoken }) => {
      const thing = askedThing(q.text);
      const first = c.sentences[c.at]!.text;
      const said = spoken.startsWith(first) ? first : spoken;
      return thing &&
        !c.labels.has(thing) &&
        !terms(`${rowOf(c.sentences[c.at]) ?? ""} ${said}`).includes(thing) &&
        !namesAskedThing(q.text, said)
        ? `It names no ${thing}, the kind of thing asked for.`
        : null;
    },
  },
  {
    id: "holds-the-kind-of-answer",
    refuses: ({ q, c, spoken }) => {
      const wanted = WANTED[q.kind];
      if (!wanted) return null;
      const holds = q.kind === "definition" ? c.evidence : EVIDENCE[q.kind].test(spoken);
      return holds ? null : `It holds no ${wanted}, which the question asks for.`;
    },
  },
];

/** The first of `rules` refusing the candidate, and why; null when every rule lets it through. */
export function refusalOf(x: RuleInput, rules: AnswerRule[]): { rule: string; reason: string } | null {
  for (const rule of rules) {
    const reason = rule.refuses(x);
    if (reason !== null) return { rule: rule.id, reason };
  }
  return null;
}
