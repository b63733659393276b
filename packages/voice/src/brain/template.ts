/** Fills {{first_name}}, {{company}}… from the contact's columns; an unknown variable is dropped, never read aloud. */
export function fillVariables(text: string, variables: Record<string, string>): string {
  const lower = new Map(Object.entries(variables).map(([k, v]) => [k.toLowerCase().replace(/\s+/g, "_"), v]));
  return text
    .replace(/\{\{\s*([\w .-]+?)\s*\}\}/g, (_m, name: string) => lower.get(name.toLowerCase().replace(/\s+/g, "_")) ?? "")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}
