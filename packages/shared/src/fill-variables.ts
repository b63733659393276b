import { VARIABLE, variableKey } from "./template-variables.ts";

/**
 * The text the agent speaks to one contact. Each variable takes the contact's value, else the fallback the team
 * wrote (`{company|your team}`); a variable with neither takes its phrase with it, so no sentence is spoken with
 * a hole: the words that only lead into it ("teams like {company} get…" → "teams get…"), a name said in
 * passing ("Hi {name}," → "Hi,"), else the whole sentence it is part of ("Is {company} still hiring?").
 */
export function fillVariables(text: string, values: Record<string, string>): string {
  const byKey = new Map(Object.entries(values).map(([k, v]) => [variableKey(k), v.trim()]));
  const filled = text.replace(
    VARIABLE,
    (_m, name: string, fallback?: string) => byKey.get(variableKey(name)) || fallback?.trim() || GAP,
  );
  return tidy(dropSentencesWithGaps(dropGapPhrases(filled)).replace(/[{}]/g, ""));
}

/** Where a variable without a value stood, while its phrase is found. */
const GAP = "\u0000";
/** Where a sentence now starts with what followed a dropped phrase: its first letter is raised. */
const START = "\u0001";

// Words that only lead into the missing value: "Sam from {company}.", "teams like {company} get…".
const LEAD_IN =
  "(?:about|across|an?|and|as|at|by|for|from|in|including|into|like|near|of|on|or|our|such " +
  "as|the|their|to|with|within|your|&)";
const EXAMPLE = `(?:like|such as|including)`;
/** The value ends its phrase ("…from {company}."), or is an example ("teams like {company} get…"): all of it goes. */
const PHRASE_END = new RegExp(String.raw`(^|\s+)(?:${LEAD_IN}\s+)+${GAP}(?=\s*(?:[,.!?;:]|$))`, "giu");
const AN_EXAMPLE = new RegExp(String.raw`(^|\s+)${EXAMPLE}\s+(?:${LEAD_IN}\s+)*${GAP}`, "giu");
/** The value only qualifies what follows ("about {budget} plans", "for the {company} team"): it goes alone. */
const QUALIFIER = new RegExp(String.raw`(\b${LEAD_IN})\s+${GAP}\s+(?=\p{L})`, "giu");
// A name said in passing, at the edge of a clause or after a hello:
// "Hi {name},", "{name}, are you there?", "Thanks {name}!".
const IN_PASSING = new RegExp(
  String.raw`(^|[,.!?;:]\s*|\b(?:hi|hello|hey|dear|thanks|thank you|welcome|bye|goodbye)\b\s*)` +
    String.raw`${GAP}(?=\s*(?:[,.!?;:]|$))`,
  "giu",
);

function dropGapPhrases(text: string): string {
  return (
    text
      // "for the {company}'s team" → "for the team": the owner goes, what it owned stays.
      .replace(new RegExp(`${GAP}['’]s\\s+`, "gu"), "")
      .replace(PHRASE_END, (_m, before: string) => (before ? "" : START))
      .replace(AN_EXAMPLE, (_m, before: string) => (before ? "" : START))
      .replace(QUALIFIER, "$1 ")
      .replace(IN_PASSING, (_m, before: string) => (/^[.!?]?\s*$/.test(before) ? `${before}${START}` : before))
  );
}

/** A value the sentence cannot stand without (its subject or object): the sentence is not said at all. */
function dropSentencesWithGaps(text: string): string {
  if (!text.includes(GAP)) return text;
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((s) => !s.includes(GAP))
    .join(" ");
}

function tidy(text: string): string {
  return text
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/([,;:])(?=[,.!?])/g, "")
    .replace(/\s{2,}/g, " ")
    .replace(new RegExp(`${START}[\\s,;:]*(\\p{Ll})?`, "gu"), (_m, letter?: string) => letter?.toUpperCase() ?? "")
    .trim();
}
