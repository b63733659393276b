import type { Focus } from "./focus.ts";
import type { ParsedQuestion } from "./question.ts";

/** The honest line when nothing looked at is on the question. */
export const NOT_IN_KNOWLEDGE_BASE =
  "I'm sorry, I don't have that information with me. I can have someone from the team follow up with the answer.";
const FOLLOW_UP = "I can have someone from the team follow up with the answer.";

/** A pronoun as the agent says it back ("my order" → "your order"). */
const SAID_BACK: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  we: "you",
  our: "your",
  us: "you",
};
const saidBack = (text: string) => text.replace(/\b(?:i|me|my|mine|we|our|us)\b/g, (w) => SAID_BACK[w]!);

/** What the question asks, as the agent would say it after "doesn't say…". */
function asked(q: ParsedQuestion, focus: Focus): string {
  const text = q.text.replace(/[?.!]+$/, "");
  if (q.kind === "person" && /^who \w+/.test(text)) return saidBack(text);
  const how = /^how (?:do|can|could|should|would) (?:i|we|you|one) (.+)$/.exec(text);
  if (focus.instruction && how) return `how to ${saidBack(how[1]!)}`;
  if (focus.measure === "money") return "what it costs";
  const measure = new RegExp(
    String.raw`\bhow (?:many|much) (?!(?:do|does|did|is|are|was|were|can|will|` +
      String.raw`would)\b)[\p{L}-]+|\bhow (?:long|big|large|often|far|soon|old|much)\b`,
    "u",
  ).exec(text)?.[0];
  if (measure) return measure;
  const word = { time: "when", place: "where", reason: "why", yesno: "either way" } as Partial<Record<string, string>>;
  return word[q.kind] ?? "that";
}

/** The part of a passage's heading that names its topic: the last one that is not an FAQ's question. */
function topicOf(heading: string): string | null {
  const parts = heading
    .split(" › ")
    .map((p) => p.replace(/^(?:Table|Figure|Section|Chapter)?\s*[\d.]+\s*/i, "").trim())
    .filter((p) => p && !/[?!]$/.test(p) && p.length <= 60);
  return parts.at(-1) ?? null;
}

/**
 * The honest answer when a passage is on the question but no sentence answers its kind: what the knowledge
 * base covers and what it does not say ("…what I have on Installation doesn't say who founded the company"),
 * and the follow-up. Without a topic to name, the plain line.
 */
export function declineLine(q: ParsedQuestion, focus: Focus, heading: string | null): string {
  const topic = heading ? topicOf(heading) : null;
  if (!topic) return NOT_IN_KNOWLEDGE_BASE;
  return (
    "I'm sorry, I don't have that information with me: what I have on " +
    `${topic} doesn't say ${asked(q, focus)}. ${FOLLOW_UP}`
  );
}
