import { fillVariables } from "@parley/shared/fill-variables";
import { fieldKey, OUTCOME_FIELD_TYPE_LABELS, type OutcomeField } from "@parley/shared/outcome-fields";
import { z } from "zod";
import type { AgentContext } from "../brain/brain.ts";
import type { CallEvent } from "../brain/call-events.ts";
import type { ToolDefinition } from "../brain/llm/chat-types.ts";
import { answerOf, type HeardLine } from "./answers.ts";
import { readField } from "./field-readers.ts";

export const RECORD_ANSWER = "record_answer";

/**
 * The language model's way to fill a qualifying field: it names the field and quotes the caller's words; the value
 * is read from those words by the same readers as the offline agent, so it never comes from words the caller did not
 * say (a quote that is not theirs, or that speech recognition doubted, is refused and the model asks again).
 */
export const recordAnswerTool = (fields: OutcomeField[]): ToolDefinition => ({
  type: "function",
  function: {
    name: RECORD_ANSWER,
    description:
      "Record the caller's answer to one of the qualifying questions. Quote the caller's own words exactly; " +
      "the value is read from them. Use it as soon as they answer, also when they answered before you asked.",
    parameters: {
      type: "object",
      properties: {
        field: { type: "string", enum: fields.map((f) => fieldKey(f.name)), description: "The field's key" },
        caller_words: { type: "string", description: "What the caller said that answers it, word for word" },
      },
      required: ["field", "caller_words"],
      additionalProperties: false,
    },
  },
});

/** The fields, for the system prompt: what to ask, and which are still open. */
export function fieldsNote(ctx: AgentContext, events: CallEvent[]): string {
  const fields = ctx.campaign.outcomeFields ?? [];
  if (!fields.length) return "";
  const done = new Set(events.flatMap((e) => (e.kind === "field_answer" ? [e.answer.key] : [])));
  const open = fields.filter((f) => !done.has(fieldKey(f.name)));
  const list = open.map((f) => {
    const options = f.type === "choice" ? ` (one of: ${f.options.join(", ")})` : "";
    const kind = OUTCOME_FIELD_TYPE_LABELS[f.type].toLowerCase();
    return `- ${fieldKey(f.name)} (${kind}${options}): "${fillVariables(f.question, ctx.contact.variables)}"`;
  });
  if (!list.length) return "Every qualifying question is answered: move on to the goal of the call.";
  return [
    "Once the caller agrees to talk, ask these qualifying questions one at a time, in this order, at natural " +
      "points; skip one they already answered. Record each answer with record_answer. If they do not know or " +
      "would rather not say, do not press: move on.",
    ...list,
  ].join("\n");
}

const Args = z.object({ field: z.string().min(1), caller_words: z.string().min(1) });
const squash = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9$€£₹]+/g, " ")
    .trim();

/** Runs record_answer: the answer is recorded as an event, and the model is told what was kept or why not. */
export function recordAnswer(args: unknown, ctx: AgentContext, heard: HeardLine[], events: CallEvent[]): unknown {
  const { field: key, caller_words } = Args.parse(args);
  const field = (ctx.campaign.outcomeFields ?? []).find((f) => fieldKey(f.name) === key || f.name === key);
  if (!field) throw new Error(`There is no qualifying field "${key}".`);
  const quote = squash(caller_words);
  const line = heard.find((l) => quote && squash(l.text).includes(quote));
  if (!line) throw new Error("Those are not the caller's words: quote what they said, word for word.");
  if (!line.sure)
    throw new Error("Speech recognition was unsure of those words: ask the caller to say their answer again.");
  const reading = readField(field, caller_words, { now: ctx.now(), timezone: ctx.campaign.timezone });
  if (reading.kind === "unclear")
    throw new Error(`No ${OUTCOME_FIELD_TYPE_LABELS[field.type].toLowerCase()} in those words: ask again.`);
  const answer = answerOf(field, reading, line.text);
  events.push({ kind: "field_answer", answer });
  return { recorded: answer.answered ? answer.display : "not answered" };
}
