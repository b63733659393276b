import { DateTime } from "luxon";
import type { AgentContext, KnowledgePassage, TranscriptTurn } from "../brain.ts";
import type { CallEvent } from "../call-events.ts";
import { speakDateTime } from "../spoken-time.ts";
import { fillVariables } from "@parley/shared/fill-variables";
import { DOUBTFUL_WORDS_NOTE } from "../heard-confidence.ts";
import { callerName } from "../rules-lines.ts";
import type { ChatMessage } from "./chat-types.ts";
import { fieldsNote } from "../../qualifying/llm-fields.ts";

function factsSoFar(events: CallEvent[], zone: string): string[] {
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every kind of CallEvent (tsc checks)
  return events.map((e) => {
    switch (e.kind) {
      case "booked":
        return `A meeting is booked for ${speakDateTime(e.start, zone)}.`;
      case "booking_refused":
        return `The calendar refused ${speakDateTime(e.requested, zone)}: ${e.reason}`;
      case "callback":
        return `A callback is scheduled for ${speakDateTime(e.at, zone)}.`;
      case "dnc":
        return "The number is on the do-not-call list.";
      case "declined":
        return "The caller said they are not interested.";
      case "answered":
        return `Answered: ${e.question}`;
      case "transfer":
        return e.answered
          ? "The caller was put through to a person."
          : "You tried to put the caller through to a person, but nobody answered: offer a callback.";
      case "field_answer":
        return `Recorded ${e.answer.key}: ${e.answer.display}.`;
    }
  });
}

/** Who the agent is, what it offers, what it knows about the contact and how to behave on the phone. */
export function systemPrompt(ctx: AgentContext, events: CallEvent[], canTransfer = false): string {
  const zone = ctx.campaign.timezone;
  const now = DateTime.fromJSDate(ctx.now(), { zone }).setLocale("en-US");
  const vars = Object.entries(ctx.contact.variables)
    .filter(([, v]) => v.trim())
    .map(([k, v]) => `- ${k}: ${v}`);
  const faqs = ctx.campaign.faqs.map(
    (f) =>
      `Q: ${fillVariables(f.question, ctx.contact.variables)}\nA: ${fillVariables(f.answer, ctx.contact.variables)}`,
  );
  const facts = factsSoFar(events, zone);
  return [
    "You are an AI assistant making an outbound phone call on behalf of " +
      `${callerName(ctx)}. You already said you are an AI ` +
      `assistant${ctx.recording ? " and that the call is recorded" : ""}; if asked, say ` +
      "so again honestly.",
    // The campaign's name and description are the team's own notes and never reach the model: a model told
    // "never say this" can still paraphrase it, so what the call is about comes from the callee-facing fields.
    `What you offer: ${ctx.campaign.service}.`,
    ctx.campaign.goal ? `The goal of this call: ${fillVariables(ctx.campaign.goal, ctx.contact.variables)}.` : "",
    "You are speaking with " +
      `${ctx.contact.name || "the contact"}.${vars.length ? `\nWhat we know about them:\n${vars.join("\n")}` : ""}`,
    `Now is ${now.toFormat("cccc, LLLL d, yyyy, h:mm a")} in ${zone}. Meetings and callbacks ` +
      `are in ${zone}, business hours ${ctx.campaign.businessHours.start} to ` +
      `${ctx.campaign.businessHours.end}. Give tool times as ISO local times in that zone.`,
    faqs.length ? `Answers you may give:\n${faqs.join("\n")}` : "",
    facts.length ? `Done so far on this call:\n${facts.join("\n")}` : "",
    fieldsNote(ctx, events),
    [
      "This is a phone call: answer in one or two short sentences, plain words, no lists, no markdown, no links.",
      "Never invent prices, facts or promises: if the answers and " +
        "knowledge given do not say, offer a follow-up from the team.",
      "If they are interested, propose a meeting and book it with book_meeting; " +
        "if the time is refused, offer the alternatives it returns.",
      "If they ask to be called later, use schedule_callback, say goodbye and use end_call.",
      canTransfer
        ? "If they ask to speak with a person, say you are connecting them " +
          "to someone from the team and use transfer_call."
        : "If they ask to speak with a person, say nobody can be put through now " +
          "and offer a callback from the team (schedule_callback).",
      "If they ask not to be called again, use mark_do_not_call, apologise briefly and use end_call.",
      "If they are not interested or are done, thank them, say goodbye and use end_call.",
    ].join("\n"),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The passages retrieved for the caller's words, with the rule that answers come from them alone. */
export function knowledgeNote(passages: KnowledgePassage[]): string {
  const kb = passages
    .slice(0, 3)
    .map(
      (p, i) =>
        `[${i + 1}]${p.heading.trim() ? ` (${p.heading.trim()})` : ""} ${p.text.replace(/\s+/g, " ").slice(0, 1200)}`,
    )
    .join("\n");
  return [
    "Knowledge base passages that may answer the caller. Answer a " +
      "question only from what these passages say, in one or two",
    "short spoken sentences (the fact itself: the number, date, yes or " +
      "no); never read a heading or a question back. If they",
    "do not answer it, say you don't have that information and offer a follow-up from the team.",
    kb,
  ].join("\n");
}

/** The conversation so far as chat messages, plus the knowledge passages for the latest utterance. */
export function chatMessages(
  ctx: AgentContext,
  events: CallEvent[],
  history: TranscriptTurn[],
  calleeText: string,
  passages: KnowledgePassage[],
  sure = true,
  canTransfer = false,
): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "system", content: systemPrompt(ctx, events, canTransfer) }];
  for (const turn of history) {
    if (!turn.text.trim()) continue;
    const text = turn.interrupted ? `${turn.text} [interrupted]` : turn.text;
    messages.push(turn.speaker === "agent" ? { role: "assistant", content: text } : { role: "user", content: text });
  }
  if (passages.length) messages.push({ role: "system", content: knowledgeNote(passages) });
  if (!sure) messages.push({ role: "system", content: DOUBTFUL_WORDS_NOTE });
  messages.push({ role: "user", content: calleeText });
  return messages;
}
