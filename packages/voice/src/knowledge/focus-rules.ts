import type { AnswerRule, RuleInput } from "./rules.ts";
import { holdsRelated } from "./term-weights.ts";
import { WEIGHTS } from "./weights.ts";
import { fold, plainWords, terms } from "./words.ts";

/**
 * The focus rules: a sentence on the question's topic that speaks of another thing than the one asked about is
 * no answer. Another thing of the same kind ("the cache size" for "the page size"), another version ("prior to
 * 3.7.10" for "before 3.12"), a question about something no passage looked at names ("what port does sqlite
 * listen on" over a mail server's ports), or where a name "comes from" answered by where something is shown.
 */

/** The chosen sentence as said, without a companion added after it for its words (the one it leans on stays). */
export function chosenPart({ c, spoken }: Pick<RuleInput, "c" | "spoken">): string {
  const first = c.sentences[c.at]!.text;
  const end = spoken.indexOf(first);
  return end < 0 ? spoken : spoken.slice(0, end + first.length);
}

// Words that say which one of a kind without naming another kind ("the default size", "the maximum size").
const NOT_A_KIND = new Set(
  terms(
    "default maximum minimum max min current new old total same actual usual whole given specified largest " +
      "smallest first last next previous other each every such own real full exact typical normal overall",
  ),
);

// Words that place a thing rather than say which it is ("before version 3.12" asks of no "before version").
const PLACED = new Set(
  (
    "before after since until during without within between among against per via versus like near above below " +
    "under over through across around behind beyond inside outside"
  ).split(" "),
);

/**
 * "Page size" asked and "the default cache size" said: the sentence names the asked head word ("size") with
 * another word before it, and never the asked one ("page"), in it or in its heading, FAQ question or table row.
 */
function otherOfSameKind(x: RuleInput, said: string): { asked: string; other: string } | null {
  const words = plainWords(said);
  const held = new Set([...terms(said), ...x.c.labels]);
  for (const pair of x.q.pairs) {
    const [a, b] = pair.split(" ") as [string, string];
    const [ta, tb] = [terms(a)[0], terms(b)[0]];
    if (!ta || !tb || PLACED.has(a) || /\d/.test(ta) || held.has(ta) || holdsRelated(x.weights, ta, held)) continue;
    for (let i = 1; i < words.length; i++) {
      const before = terms(words[i - 1]!)[0];
      if (fold(words[i]!) !== fold(b) || !before || before === ta || NOT_A_KIND.has(before) || /\d/.test(before))
        continue;
      return { asked: pair, other: `${words[i - 1]} ${words[i]}` };
    }
  }
  return null;
}

// A version or dotted number ("3.12", "2.6.1").
const DOTTED = /\b\d+(?:\.\d+)+\b/g;

/** The question's dotted numbers that the sentence does not say, when it says another one. */
function otherVersion(question: string, said: string): { asked: string; other: string } | null {
  const asked = question.match(DOTTED) ?? [];
  const given = said.match(DOTTED) ?? [];
  if (!asked.length || !given.length) return null;
  const sameOrWithin = (g: string, a: string) => g === a || g.startsWith(`${a}.`);
  if (asked.some((a) => given.some((g) => sameOrWithin(g, a)))) return null;
  return { asked: asked[0]!, other: given[0]! };
}

// "Where do the code names come from", "what is it named after": an origin, not a place something is shown.
export const ASKS_ORIGIN = /\b(?:comes?|came|coming) from\b|\bnamed (?:after|for)\b|\borigins?\b|\bderived from\b/;
const GIVES_ORIGIN = new RegExp(
  String.raw`\b(?:from|after|named|based on|taken|derived|origin(?:al(?:ly)?)?|comes?|came|inspired|borrowed|` +
    String.raw`invented|coined)\b|\b(?:is|was) the name of\b`,
  "i",
);

// Words that say how many or which of a kind, not what kind ("a few specific directives", "the same host").
const QUANTIFIERS = new Set(
  terms("few many several lot lots little bit couple number some any all both either neither more less most least"),
);
// "A json file", "the dialout group": an article, a word naming which kind, and the kind.
const KIND_PHRASE = /\b(?:the|a|an|my|your|our|this|that|these|those)\s+([\p{L}\p{N}-]+)\s+([\p{L}\p{N}-]+)/gu;

const AUXILIARY_BEFORE = /\b(?:can|could|do|does|did|is|are|was|were|will|would|should|may|might|must|has|have)\s+$/;

/**
 * "How do I edit a json file", "what does the dialout group give access to": the question names its thing
 * with a word of kind ("json", "dialout") that no passage looked at holds, nor a word related to it, while the
 * passages do speak of the thing itself ("file", "group"). They speak of other files or groups, so a sentence of
 * them is another thing's answer. Not for a yes or no question's subject, where "can the user change…" is a noun
 * and its verb, not a kind and its thing.
 */
export function unseenKind(x: Pick<RuleInput, "q" | "weights" | "absent">): { kind: string; thing: string } | null {
  if (!x.absent?.size) return null;
  for (const m of x.q.text.matchAll(KIND_PHRASE)) {
    // The subject of a yes or no question ("…, can the user change directories") may be a noun and its verb.
    if (x.q.kind === "yesno" && AUXILIARY_BEFORE.test(x.q.text.slice(0, m.index))) continue;
    const [kind, thing] = [terms(m[1]!)[0], terms(m[2]!)[0]];
    if (!kind || !thing || QUANTIFIERS.has(kind) || NOT_A_KIND.has(kind) || PLACED.has(m[1]!)) continue;
    if (
      (x.weights.get(kind) ?? 0) >= WEIGHTS.term.plain &&
      x.absent.has(kind) &&
      x.weights.has(thing) &&
      !x.absent.has(thing)
    )
      return { kind: m[1]!, thing: m[2]! };
  }
  return null;
}

export const FOCUS_RULES: AnswerRule[] = [
  {
    // The question's subject ("sqlite") named by no passage looked at: what they say is about something else.
    id: "speaks-of-the-subject",
    // (Not a word for the document itself, "the guide", which weighs little.)
    refuses: ({ focus, absent, weights }) =>
      focus.subject && absent?.has(focus.subject) && (weights.get(focus.subject) ?? 0) >= WEIGHTS.term.plain
        ? `No passage looked at names "${focus.subject}", what the question is asked of.`
        : null,
  },
  {
    id: "speaks-of-the-kind",
    refuses: (x) => {
      const unseen = unseenKind(x);
      return unseen
        ? `No passage looked at says "${unseen.kind}": none speaks of the ${unseen.kind} ${unseen.thing} asked about.`
        : null;
    },
  },
  {
    id: "same-thing-asked",
    refuses: (x) => {
      const said = chosenPart(x);
      // Asked a size, a number or a limit of one thing, the same measure of another is the classic wrong answer;
      // elsewhere two words in a row are as often a verb and its object ("print dates") as one thing.
      const kind = x.q.kind === "quantity" || x.focus.measure ? otherOfSameKind(x, said) : null;
      if (kind) return `It speaks of the ${kind.other}, not the ${kind.asked} the question asks about.`;
      const version = otherVersion(x.q.text, said);
      return version ? `It speaks of ${version.other}, not ${version.asked} the question names.` : null;
    },
  },
  {
    id: "gives-the-origin",
    refuses: (x) => {
      if (!ASKS_ORIGIN.test(x.q.text)) return null;
      // Of the thing asked ("names" in "where do the code names come from"), in the sentence or its labels.
      // ("Code names" is also said "codenames".)
      const m = /(?:([\w-]+) )?([\w-]+) (?:comes?|came|coming) from\b/.exec(x.q.text);
      const thing = terms(m?.[2] ?? "")[0];
      const joined = terms(`${m?.[1] ?? ""}${m?.[2] ?? ""}`)[0];
      const held = new Set([...terms(x.spoken), ...x.c.labels]);
      if (thing && !held.has(thing) && !(joined && held.has(joined)) && !holdsRelated(x.weights, thing, held))
        return `It does not speak of the ${thing} whose origin the question asks.`;
      return GIVES_ORIGIN.test(x.spoken) ? null : "It does not say where the asked thing comes from.";
    },
  },
];
