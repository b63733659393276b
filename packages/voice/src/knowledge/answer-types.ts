import { rowOf } from "./candidates.ts";
import { IMPERATIVE, NEGATION, statesYesNo, YES_NO_LEAD } from "./evidence.ts";
import { ASKS_ORIGIN, chosenPart } from "./focus-rules.ts";
import type { AnswerRule, RuleInput } from "./rules.ts";
import { relatedWords } from "./synonyms.ts";
import { holdsRelated, overlap } from "./term-weights.ts";
import { WEIGHTS } from "./weights.ts";
import { terms } from "./words.ts";

/**
 * The answer-type rules: the sentence said must answer the question's type and focus (who → a name of one
 * who did the asked thing, how many → a number of the thing counted, when did → a date, where → a place,
 * yes/no → a sentence that settles it, how do I → a way to do the asked thing to the asked object, a table's
 * row → the row asked about).
 */

// A person ("Wietse Venema", "Ian Murdock") or an organisation ("Software in the Public Interest", "the GNU project").
const NAME = new RegExp(
  String.raw`(?:^|[^.!?\s]\s+|\bby\s+)\p{Lu}\p{Ll}+(?:\s+\p{Lu}\.)*\s+(?:(?:in|of|the|for|` +
    String.raw`and)\s+)*\p{Lu}[\p{L}-]+|\bby\s+\p{Lu}[\p{L}-]+|\b(?:Inc|Ltd|LLC|Foundation|Project|` +
    String.raw`Association|Institute|University|Corporation|Consortium)\b`,
  "u",
);
const NUMBER_WORD = new RegExp(
  String.raw`^(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|` +
    String.raw`thirty|forty|fifty|hundred|thousand|million|billion|dozen|once|twice)$`,
  "i",
);
const UNIT = {
  duration: new RegExp(
    String.raw`\d[\d,.]*[\s-]?(?:ms|milliseconds?|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|` +
      String.raw`months?|years?)\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|` +
      String.raw`fifteen|twenty|thirty|a|an|few|several)[\s-](?:second|minute|hour|day|week|month|year)s?\b|` +
      String.raw`\b(?:forever|indefinitely|no (?:time )?limit)\b`,
    "i",
  ),
  size: new RegExp(
    String.raw`\d[\d,.]*\s?(?:bytes?|[KMGT]i?B|kilobytes?|megabytes?|gigabytes?|terabytes?|` +
      String.raw`kibibytes?|mebibytes?|bits?|pages?|characters?|digits?)\b`,
    "i",
  ),
  money: new RegExp(
    String.raw`[$€£¥]\s?\d|\b\d[\d,.]*\s?(?:dollars?|euros?|pounds?|cents?|usd|eur|` +
      String.raw`gbp)\b|\bfree of charge\b|\bno (?:cost|charge|fee)\b`,
    "i",
  ),
  frequency:
    /\b(?:daily|weekly|monthly|yearly|annually|hourly|nightly|every|per|once|twice|times|continuously|constantly)\b/i,
} as const;
const DATE = /\b(?:1[5-9]|20)\d\d\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d/i;
// A path, a web address, a file, a word for where things are kept, a
// destination; or a place named after "in / at / from".
const PLACE = new RegExp(
  String.raw`(?:^|[\s"'(”“])~?\/[\w.-]+|\b[\w-]+\.(?:org|com|net|io|edu|gov|[a-z]{2})\b|` +
    String.raw`\b[\w-]+\.[a-z][a-z0-9]{0,3}(?=[\s,;)]|$)|\b(?:directory|folder|file|site|page|server|url|address|` +
    String.raw`location|repository|menu|tab|section|chapter|appendix|country|city|documentation|manual|mailing list|` +
    String.raw`forum|wiki|website|channel|archives?)\b|\bto (?:the |a |an )?[\w-]+ (?:daemon|server|host|service|` +
    String.raw`facility|process)\b`,
  "i",
);
// ("From Nordic mythology." opens with its preposition.)
const NAMED_PLACE = /\b(?:[Ff]rom|[Ii]n|[Aa]t|[Oo]n|[Uu]nder)\s+(?:the\s+)?\p{Lu}[\p{L}-]+/u;

// Words that settle whether something is so ("only", "allowed", "supports", "by default").
const SAYS_WHETHER = new RegExp(
  String.raw`\b(?:can|cannot|may|must|only|allowed|disallowed|permitted|forbidden|supports?|` +
    String.raw`supported|requires?|required|enabled|disabled|by default)\b`,
  "i",
);

// "+ is used to make an argument long", "the -F flag lets you…": a way to do it, said of the means.
const USED_TO = /\b(?:is|are) used to\b|\blets? you\b|\ballows? you to\b/i;

const said = ({ c, spoken }: RuleInput) => new Set([...terms(spoken), ...c.labels]);
const holdsAny = (words: Set<string>, wanted: Set<string>) => [...wanted].some((t) => words.has(t));

/** Number tokens of a sentence that count something: not part of a name ("RFC 931", "ISO 8601", "version 3"). */
function counts(words: string[]): boolean[] {
  return words.map(
    (w, i) =>
      NUMBER_WORD.test(w.replace(/[.)]$/, "")) &&
      !/^(?:[A-Z]{2,}[\w-]*|[Vv]ersion|[Ss]ection|[Cc]hapter|[Tt]able|[Ff]igure|[Pp]age)$/.test(words[i - 1] ?? ""),
  );
}

/**
 * A number of the counted thing: followed by it within four words ("59100 software packages", "six virtual
 * consoles"), or said after it ("consoles: 6", "… is 500") when nothing else follows the number. "One row for
 * each column" counts rows, not columns.
 */
function countsNear(sentence: string, counted: Set<string>): boolean {
  const words = sentence.split(/[\s—:;,()]+/).filter(Boolean);
  const isCount = counts(words);
  const isCounted = (w: string | undefined) => w !== undefined && holdsAny(new Set(terms(w)), counted);
  return words.some((_, i) => {
    if (!isCount[i]) return false;
    // The words it qualifies, up to a function word ("one row for each column" counts rows).
    const run = words.slice(i + 1, i + 5);
    const end = run.findIndex((w) => terms(w).length === 0);
    if (run.slice(0, end < 0 ? run.length : end).some(isCounted)) return true;
    const next = terms(words[i + 1] ?? "")[0];
    if (next && !/\d/.test(next)) return false;
    return words.slice(Math.max(0, i - 5), i).some(isCounted);
  });
}

/** Several different counts in one answer (a table read as running text): which one is asked is not said. */
const manyCounts = (sentence: string) => {
  const words = sentence.split(/[\s—:;,()]+/).filter(Boolean);
  const isCount = counts(words);
  return new Set(words.filter((w, i) => isCount[i] && /\d/.test(w))).size >= 3;
};

const hasCount = (sentence: string) => counts(sentence.split(/[\s—:;,()]+/).filter(Boolean)).some(Boolean);

/** "The number of commands…", "how many fractional digits": the sentence says it gives the count. */
function namesNumberOf(sentence: string, counted: Set<string>): boolean {
  const m = /\b(?:number|count|amount) of ((?:\S+\s+){0,2}\S+)/i.exec(sentence);
  return m !== null && holdsAny(new Set(terms(m[1]!)), counted);
}

/** A table row read as a sentence ("contrib — number of packages: 338"): its row and column labels. */
function rowParts(sentence: string): { row: Set<string>; column: Set<string> } | null {
  const m = /^(.{1,80}?) — ([^:]{1,60}):/.exec(sentence);
  return m ? { row: new Set(terms(m[1]!)), column: new Set(terms(m[2]!)) } : null;
}

export const ANSWER_TYPE_RULES: AnswerRule[] = [
  {
    id: "names-who",
    refuses: (x) => {
      if (x.q.kind !== "person") return null;
      if (!NAME.test(x.spoken)) return "It names no person or organisation, which “who” asks for.";
      // "Written by Chris Allegretta", "the work of Tom Lane": by whom, whatever the verb.
      const byWhom = /\b(?:by|work of|thanks to)\s+\p{Lu}/u.test(x.spoken);
      return x.focus.verb && !byWhom && !holdsAny(said(x), x.focus.verb)
        ? "It names someone, but not as the one who did what the question asks."
        : null;
    },
  },
  {
    id: "counts-the-asked-thing",
    refuses: ({ focus, spoken, c }) => {
      if (!focus.counted) return null;
      const row = rowParts(c.sentences[c.at]!.text);
      const inRow = row && holdsAny(new Set([...row.row, ...row.column]), focus.counted) && /\d/.test(spoken);
      // "The number of commands to remember… The default value is 500." counts them too.
      const counted = countsNear(spoken, focus.counted) || (namesNumberOf(spoken, focus.counted) && hasCount(spoken));
      if (!inRow && counted && manyCounts(c.sentences[c.at]!.text))
        return "It gives several numbers and does not say which one counts the thing asked.";
      return inRow || counted ? null : "It gives no number of the thing the question counts.";
    },
  },
  {
    id: "measures-the-asked-quantity",
    refuses: ({ focus, spoken, c }) => {
      if (!focus.measure || focus.counted) return null;
      if (UNIT[focus.measure].test(spoken)) return null;
      // A table's cell or a number said of the measured thing ("page size … between 512 and 65536").
      if (focus.measure === "size" && /\d/.test(spoken) && (rowOf(c.sentences[c.at]) || /\bsize\b/i.test(spoken)))
        return null;
      return `It gives no ${focus.measure === "money" ? "price" : focus.measure}, which the question asks for.`;
    },
  },
  {
    id: "dates-the-event",
    refuses: ({ focus, spoken }) =>
      focus.pastEvent && !DATE.test(spoken) ? "It gives no date for the event the question asks about." : null,
  },
  {
    id: "places-it",
    // (Where a name comes from asks an origin: gives-the-origin judges it.)
    refuses: ({ q, spoken }) =>
      q.kind === "place" && !ASKS_ORIGIN.test(q.text) && !PLACE.test(spoken) && !NAMED_PLACE.test(spoken)
        ? "It names no place, path or address, which “where” asks for."
        : null,
  },
  {
    id: "settles-yes-no",
    refuses: ({ q, focus, weights, c, spoken }) => {
      if (q.kind !== "yesno") return null;
      // A yes or a no said outright, or a statement that can or cannot, under a heading or question that fits;
      // else the sentence itself holds most of the question.
      const settles =
        YES_NO_LEAD.test(spoken) || statesYesNo(spoken, weights) || NEGATION.test(spoken) || SAYS_WHETHER.test(spoken);
      if (!settles && c.topical < WEIGHTS.accept.settlesTopical)
        return "It does not say yes or no to what the question asks.";
      // What is asked whether of ("stored procedures" in "does sqlite support stored procedures") is in the
      // sentence, its heading, FAQ question or table row: a yes or no about something else settles nothing.
      const words = new Set([...terms(spoken), ...c.labels, ...terms(rowOf(c.sentences[c.at]) ?? "")]);
      if (overlap(weights, words) < WEIGHTS.accept.settlesTopical)
        return "It says yes or no of something else than what the question asks about.";
      // "Can I sell…" is not settled by a sentence that never speaks of selling, unless it says yes or no outright.
      const outright = YES_NO_LEAD.test(spoken) || /^(?:yes|no|go ahead|of course|certainly)\b/i.test(spoken);
      // A sentence that only holds the question's words (it says no "can", "only", "not"…) speaks of the asked
      // action itself: its heading saying it ("Keeping your system up-to-date") is not the sentence saying it.
      const own = settles ? words : new Set(terms(chosenPart({ c, spoken })));
      if (!focus.predicate || outright || holdsAny(own, focus.predicate)) return null;
      // A heading that is the action itself and a sentence that names every other thing asked ("Integrations":
      // "Parley connects to Salesforce…" for "do you integrate with salesforce") state it in other words.
      const labels = [...c.labels];
      const others = [...weights.keys()].filter((t) => !focus.predicate?.has(t) && t !== focus.subject);
      const headingIsTheAction = labels.length > 0 && labels.every((t) => focus.predicate?.has(t));
      if (headingIsTheAction && others.length && others.every((t) => own.has(t))) return null;
      return "It does not speak of what the question asks whether one may do.";
    },
  },
  {
    id: "instructs-on-the-object",
    refuses: (x) => {
      if (!x.focus.instruction) return null;
      // The sentence chosen says it: a companion added after it for its words does not make it a way to do it.
      const words = said({ ...x, spoken: chosenPart(x) });
      if (x.focus.object.length && !x.focus.object.some((t) => words.has(t) || holdsRelated(x.weights, t, words)))
        return "It is not about the thing the question asks how to handle.";
      // The asked verb or a word for it ("say" / "pronounce"), unless the sentence instructs outright about the rest.
      const instructed = IMPERATIVE.test(x.spoken) && x.c.topical >= WEIGHTS.accept.instructedTopical;
      if (x.focus.verb && !holdsAny(words, x.focus.verb) && !instructed)
        return "It does not speak of doing what the question asks how to do.";
      return x.c.evidence || USED_TO.test(x.spoken) ? null : "It gives no way to do it: no step, command or option.";
    },
  },
  {
    id: "right-table-row",
    refuses: ({ q, weights, c }) => {
      const row = rowParts(c.sentences[c.at]!.text);
      if (!row) return null;
      const telling = q.terms.filter((t) => (weights.get(t) ?? 0) >= WEIGHTS.term.plain);
      const named = (labels: Set<string>) => telling.some((t) => labels.has(t) || holdsRelated(weights, t, labels));
      const rows = c.sentences.map((s) => rowParts(s.text)).filter((r) => r !== null);
      // The question names a row this table has: the sentence is of that row.
      if (rows.some((r) => named(r.row)) && !named(row.row))
        return "It is another row of the table than the one asked.";
      // It names a thing ("bigint") the table never mentions: none of its rows is the one asked.
      const mentioned = new Set([...c.sentences.flatMap((s) => terms(s.text)), ...c.labels]);
      const unknown = telling.filter((t) => !mentioned.has(t) && (/\d/.test(t) || relatedWords(t).length === 0));
      if (unknown.length) return `The table has no row for "${unknown[0]}".`;
      // …and when it names one of the row's columns, the sentence is of that column.
      const sameRow = rows.filter((r) => [...r.row].join(" ") === [...row.row].join(" "));
      if (sameRow.some((r) => named(r.column)) && !named(row.column)) return "It is another column of the row asked.";
      return null;
    },
  },
];
