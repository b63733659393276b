/**
 * Contact variables in the texts the agent speaks (opening line, topic, goal, FAQ answers): `{first_name}`
 * or `{{First Name}}`, one per CSV column, case, spaces and dashes ignored. The web app lists and checks them
 * before saving; the agent fills them per contact and never reads a brace aloud.
 */

/** `{x}` or `{{x}}`; the name is letters, digits, spaces, dots, dashes and underscores. */
const VARIABLE = /\{\{?\s*([\p{L}\p{N} ._-]+?)\s*\}?\}/gu;

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
  const names = keys.some((k) => FULL_NAME_COLUMNS.has(k) || k === "first_name") ? ["name", "first_name", "last_name"] : [];
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
  const have = offered.length ? `Available: ${offered.map((v) => `{${v}}`).join(", ")}.` : "Upload a contact list to use variables.";
  return `${used} ${unknown.length === 1 ? "matches" : "match"} no column of the contact list. ${have}`;
}

/**
 * The text for one contact: each variable replaced by the contact's value, an unknown or empty one dropped
 * with the space before it, and any stray brace removed, so nothing in braces is ever spoken.
 */
export function fillVariables(text: string, values: Record<string, string>): string {
  const byKey = new Map(Object.entries(values).map(([k, v]) => [variableKey(k), v.trim()]));
  return text
    .replace(VARIABLE, (_m, name: string) => byKey.get(variableKey(name)) ?? "")
    .replace(/[{}]/g, "")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/([,;:])(?=[,.!?])/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}
