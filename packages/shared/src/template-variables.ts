/**
 * Contact variables in the texts the agent speaks (opening line, topic, goal, FAQ answers): `{first_name}`
 * or `{{First Name}}`, one per CSV column, case, spaces and dashes ignored, with an optional fallback the team
 * wrote for a contact who has no value (`{company|your team}`). The web app lists and checks them before
 * saving; the agent fills them per contact (fill-variables.ts) and never reads a brace aloud.
 */

/** `{x}`, `{{x}}`, `{x|fallback}`; the name is letters, digits, spaces, dots, dashes and underscores. */
export const VARIABLE = /\{\{?\s*([\p{L}\p{N} ._-]+?)\s*(?:\|([^{}|]*))?\}?\}/gu;

/** "First Name", "first-name", "Prénom"-style accents and "first_name" alike: the key a CSV header is stored under. */
export function variableKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** The variables a text uses, as written, each once. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!.trim()))];
}

/** Whether a CSV header names the contact's full name, from which first_name and last_name come. */
const FULL_NAME_COLUMNS = new Set(["name", "full_name", "contact_name", "contact"]);

/**
 * The variables a contact list offers: each column, plus `name`, `first_name` and `last_name` when a column
 * holds the full name (the split is done per contact when the list is imported).
 */
export function availableVariables(columns: string[]): string[] {
  const keys = columns.map(variableKey).filter(Boolean);
  const names = keys.some((k) => FULL_NAME_COLUMNS.has(k) || k === "first_name")
    ? ["name", "first_name", "last_name"]
    : [];
  return [...new Set([...names, ...keys])];
}

/** The variables of the texts that no column of the list provides. */
export function unknownVariables(texts: string[], columns: string[]): string[] {
  const known = new Set(availableVariables(columns));
  return [...new Set(texts.flatMap(variablesIn))].filter((v) => !known.has(variableKey(v)));
}

/** The message for a save whose texts use variables the list lacks: names them and the columns that exist. */
export function unknownVariablesMessage(unknown: string[], columns: string[]): string {
  const used = unknown.map((v) => `{${v}}`).join(", ");
  const offered = availableVariables(columns);
  const have = offered.length
    ? `Available: ${offered.map((v) => `{${v}}`).join(", ")}.`
    : "Upload a contact list to use variables.";
  return `${used} ${unknown.length === 1 ? "matches" : "match"} no column of the contact list. ${have}`;
}

/** The variables of a text written without a fallback (`{company}`, not `{company|your team}`), each once. */
export function variablesWithoutFallback(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].filter((m) => m[2] === undefined).map((m) => m[1]!.trim()))];
}

/**
 * One warning per variable of the spoken texts that some contacts have no value for and that has no fallback:
 * how many contacts, and what they will hear instead. `empty` counts contacts per variable key.
 */
export function emptyVariableWarnings(texts: string[], empty: Record<string, number>, contactCount: number): string[] {
  // One warning per key, in the form first written: {Company} and {company} are the same column.
  const used = new Map<string, string>();
  for (const v of texts.flatMap(variablesWithoutFallback)) if (!used.has(variableKey(v))) used.set(variableKey(v), v);
  return [...used].flatMap(([key, v]) => {
    const n = empty[key] ?? 0;
    if (!n) return [];
    const whom = n >= contactCount ? `all ${contactCount} contacts` : `${n} of ${contactCount} contacts`;
    return [
      `{${v}} is empty for ${whom}: they hear the sentence without it. Write ` +
        `{${v}|…} to give them a fallback, e.g. {${v}|your team}.`,
    ];
  });
}
