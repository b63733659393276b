import type { AnswerRule } from "./rules.ts";
import { NUMBER_WORDS, terms } from "./words.ts";

/**
 * "What capabilities does a vserver need?" is not answered by "you need to give the vserver extra system
 * capabilities", nor "what are the three modes?" by "it can run in one of three different modes": such a
 * sentence says that the asked things exist, not which they are. These rules want the instance itself.
 */

// "What address did…", "which port does…": the head noun of the thing asked for.
const WHAT_NOUN =
  /^(?:what|which) (?:(?:kind|type|sort) of )?(?:[a-z][\w-]* )?([a-z][\w-]*) (?:does|do|did|is|are|was|were|should|can|could|would|will|has|have|must)\b/;
// Things whose instance is a value written with digits or symbols: an address, a port, a version…
const VALUE_THINGS = new Set(terms("address addresses port ports version versions ip url urls email phone"));
// Words that say "some of them" without saying which.
const VAGUE_BEFORE =
  /\b(?:extra|additional|different|various|several|some|certain|other|many|multiple|special|a few|a number of|one of(?: the)?(?: \w+)?)\s+(?:[\w-]+\s+){0,2}$/i;
// A written instance: a number, a path or address, a code or constant (NET_ADMIN, v2.63), a quote.
const CONCRETE = /\d|[@/\\]|\w[._:]\w|\b[A-Z]{2,}\b|"[^"]+"|“[^”]+”/;
// What writes a value (an address, a port, a version): digits, an email or a web address.
const VALUE = /\d|@|:\/\//;

/** The tokens of `sentence` that write an instance and are not words of the question. */
function concreteTokens(sentence: string, question: string, pattern = CONCRETE): string[] {
  const asked = new Set(question.toLowerCase().split(/[^\p{L}\p{N}_.-]+/u));
  const quoted = [...sentence.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => m[1] ?? m[2]!);
  const tokens = sentence.split(/\s+/).map((t) => t.replace(/^[("'“]+|[)"'”,.;:!?]+$/g, ""));
  return [...quoted, ...tokens].filter((t) => pattern.test(t) && !asked.has(t.toLowerCase()));
}

/** Every mention of `thing` in the sentence comes after a word of vagueness ("extra … capabilities"). */
function onlyVaguely(sentence: string, thing: string): boolean {
  const words = sentence.split(/\s+/);
  const at = words.flatMap((w, i) => (terms(w)[0] === thing ? [i] : []));
  return at.length > 0 && at.every((i) => VAGUE_BEFORE.test(`${words.slice(Math.max(0, i - 6), i).join(" ")} `));
}

// "What are the three networking modes?", "which two options…": a number of things, so a list of them.
const COUNT = `(?:${Object.keys(NUMBER_WORDS).join("|")}|\\d+)`;
const COUNTED_THINGS = new RegExp(`^(?:what|which) (?:are|were) the ${COUNT} |^which ${COUNT} `);
const A_LIST = /\S,\s+\S.*\S,?\s+(?:and|or)\s+\S|\S\s+(?:and|or)\s+\S|:\s*\S+(?:,\s*\S+)+/;

export const VALUE_RULES: AnswerRule[] = [
  {
    id: "gives-the-value",
    refuses: ({ q, spoken }) => {
      const thing = WHAT_NOUN.exec(q.text)?.[1];
      const head = thing ? terms(thing)[0] : undefined;
      if (!head) return null;
      if (VALUE_THINGS.has(head))
        return concreteTokens(spoken, q.text, VALUE).length ? null : `It writes no ${thing}, only speaks of one.`;
      return onlyVaguely(spoken, head) && !concreteTokens(spoken, q.text).length
        ? `It says there are such ${thing}, not which.`
        : null;
    },
  },
  {
    id: "lists-them",
    refuses: ({ q, spoken }) =>
      COUNTED_THINGS.test(q.text) && !A_LIST.test(spoken) ? "It lists none of the things the question counts." : null,
  },
];
