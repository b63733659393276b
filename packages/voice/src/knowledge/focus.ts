import type { ParsedQuestion } from "./question.ts";
import { relatedWords } from "./synonyms.ts";
import { fold, STOP, terms } from "./words.ts";

/**
 * What exactly a question asks about, beyond its kind: the verb of "who founded…" or "how do I cancel…",
 * the thing counted by "how many…", the measure of "how much memory / how long…", and the object of the
 * action. The answer-type rules (rules.ts) check that a sentence speaks of these.
 */
export type Focus = {
  /** The verb asked about, with its related forms, folded ("found": found, founder, establish…). */
  verb: Set<string> | null;
  /** The thing "how many" counts, with its related forms. */
  counted: Set<string> | null;
  /** What "how much / how long / how big / how often" measures. */
  measure: "duration" | "size" | "money" | "frequency" | null;
  /** "How do I…", "is there a way to…": answered by a way to do it, not by how something works. */
  instruction: boolean;
  /** The words of what the action is done to ("the package" in "how do I hold the package"). */
  object: string[];
  /**
   * "Can I sell…", "do we need…": the verb a yes/no question asks whether one may or must do, with its related forms.
   */
  predicate: Set<string> | null;
  /** "When was / did…", "when will the next version come out": an event, answered by a date. */
  pastEvent: boolean;
  /**
   * What the question is asked of ("sqlite" in "what port does sqlite listen on", "debian" in "can debian
   * update itself"), folded: a passage that never names it answers about something else.
   */
  subject: string | null;
};

// Verbs too general to tell what is asked ("how do I get…", "who made…" is still asked by its object).
const GENERIC_VERBS = new Set("be is are was were do does did get got have has make made use go put let".split(" "));

const withRelated = (word: string) =>
  new Set([...terms(word), fold(word), ...relatedWords(word).flatMap((w) => terms(w.replace(/-/g, " ")))]);

/** The verb after "who" or "how do I", as said (stop words too: "say" in "how do you say…"). */
function verbOf(q: ParsedQuestion): string | null {
  const m =
    /^who (?:(?:first|originally|actually) )?(\w+)/.exec(q.text) ??
    /^how (?:do|does|can|could|should|would|to|did)\s+(?:(?:i|we|you|one|they)\s+)?(\w+)/.exec(q.text);
  const verb = m?.[1];
  return verb && !GENERIC_VERBS.has(verb) ? verb : null;
}

const MEASURES: Array<[RegExp, Focus["measure"]]> = [
  [/\bhow (?:long|soon)\b(?! (?:can|may) (?:a |an |the )?\w+ name)/, "duration"],
  [/\bhow often\b|\bhow frequently\b/, "frequency"],
  [
    new RegExp(
      String.raw`\bhow (?:big|large|small)\b|\bhow much (?:memory|space|disk|storage|` +
        String.raw`ram|room)\b|\bwhat(?:'s| is) the (?:\w+ )?size\b`,
    ),
    "size",
  ],
  [
    new RegExp(
      String.raw`\bhow much (?:does|do|did|is|are|will|would)\b.*\b(?:cost|charge|pay|` +
        String.raw`price)\b|\bhow much is\b|\bwhat does .+ cost\b`,
    ),
    "money",
  ],
];

// "Can debian update…": a bare word after the auxiliary, then the verb asked about.
const YES_NO_SUBJECT_VERB = new RegExp(
  String.raw`^(?:can|could|does|do|did|will|would|should|may|must)(?: not)? ` +
    String.raw`(?!(?:i|we|you|one|it|they|the|a|an|this|that|my|your|there) )[\w-]+ (\w+)`,
);

/** The focus of a parsed question. */
export function focusOf(q: ParsedQuestion): Focus {
  const verb = verbOf(q);
  // The counted thing is the last word before the verb: "fractional digits" in "how many fractional digits can…".
  const phrase = new RegExp(
    String.raw`\bhow many (?:of (?:the |my |your )?)?((?:[\p{L}-]+ ){0,2}?[\p{L}-]+)(?= (?:do|does|did|can|` +
      String.raw`could|are|is|was|were|will|would|should|have|has|in|of|on|at|for)\b|$)`,
    "u",
  ).exec(q.text)?.[1];
  // "What's the most columns a table can have", "the maximum number of columns": a count asked another way.
  // The phrase's last word is the thing counted, unless it is the verb ("volunteers work on…"): each word counts.
  const counted =
    phrase ??
    /\bhow many (?:of (?:the |my |your )?)?([\p{L}-]+)/u.exec(q.text)?.[1] ??
    (q.kind === "quantity"
      ? /\b(?:the most|(?:maximum|max|minimum|min|largest|total) number of) ([\p{L}-]+)/u.exec(q.text)?.[1]
      : undefined);
  const after = verb ? q.text.slice(q.text.indexOf(` ${verb}`) + verb.length + 1) : "";
  // "Can I sell…" asks whether one may sell; "can debian update itself" whether debian updates (the word after a
  // one-word subject; after "the" the subject may be longer, so it is not read).
  const predicate =
    q.kind === "yesno"
      ? (/^\w+(?: not)? (?:i|we|you|one)\s+(?:be |get |have to |need to )?(\w+)/.exec(q.text)?.[1] ??
        YES_NO_SUBJECT_VERB.exec(q.text)?.[1])
      : undefined;
  return {
    verb: verb ? withRelated(verb) : null,
    predicate: predicate && !GENERIC_VERBS.has(predicate) && !STOP.has(predicate) ? withRelated(predicate) : null,
    counted: countedOf(counted),
    measure: MEASURES.find(([re]) => re.test(q.text))?.[1] ?? null,
    object: /^how /.test(q.text) ? terms(after.replace(/\b(?:from|in|on|at|with|for|into|when|if|so)\b.*$/, "")) : [],
    instruction: new RegExp(
      String.raw`^how (?:do|can|could|should|would) (?:i|we|you|one)\b|^how to\b|^(?:is|` +
        String.raw`are) there (?:a|any) (?:way|means|method) to\b`,
    ).test(q.text),
    pastEvent:
      /^when (?:was|were|did)\b|\bwhat year\b|\bwhich year\b/.test(q.text) ||
      /^when (?:will|is|are)\b.*\b(?:releas\w*|come out|coming out|launch\w*|ship\w*|due|available)\b/.test(q.text),
    subject: subjectOf(q.text),
  };
}

function countedOf(phrase: string | undefined): Set<string> | null {
  const words = (phrase ?? "").split(" ").filter((w) => w && !STOP.has(w) && !GENERIC_VERBS.has(w));
  return words.length ? new Set(words.flatMap((w) => [...withRelated(w)])) : null;
}

// Who or what a question is asked of: the word after its auxiliary, before its verb ("what port does sqlite
// listen on", "can debian update itself"): a bare word there is a name. A pronoun names nothing; after "the" or
// after "is" a phrase follows whose first word may only qualify it ("the release code names"): not read.
const SUBJECT = new RegExp(
  String.raw`^(?:(?:what|which|how|where|when|why)(?: [\w-]+){0,3}? )?(?:does|do|did|can|could|will|would|` +
    String.raw`should|has|have) (?!(?:the|a|an|my|your|our|this|that|these|those|its|their)\b)([\w-]+)`,
);
function subjectOf(text: string): string | null {
  const word = SUBJECT.exec(text)?.[1];
  const t = word ? terms(word.replace(/-/g, " ")) : [];
  return t.length === 1 ? t[0]! : null;
}
