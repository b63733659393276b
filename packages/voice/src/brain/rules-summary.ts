import type { AgentContext, CallOutcome, CallSummary, Sentiment, TranscriptTurn } from "./brain.ts";
import type { CallEvent } from "./call-events.ts";
import { extractBudget, extractService } from "./extract-fields.ts";
import { classifyIntent, type Intent } from "./intents.ts";
import { lines } from "./rules-lines.ts";
import { isoInZone, speakDateTime } from "./spoken-time.ts";

/**
 * Outcome rules, strongest first: do-not-call, a booked meeting (scheduled), a callback (follow_up), an explicit
 * no (not_interested), a yes or a booking attempt without a booking (interested). A call where the callee only
 * asked questions, or nothing clear happened, is follow_up: someone should get back to them.
 */
function outcomeOf(intents: Intent[], events: CallEvent[]): CallOutcome {
  if (events.some((e) => e.kind === "dnc")) return "do_not_call";
  if (events.some((e) => e.kind === "booked")) return "scheduled";
  if (events.some((e) => e.kind === "transfer" && e.answered)) return "transferred";
  if (events.some((e) => e.kind === "callback")) return "follow_up";
  const declined = events.some((e) => e.kind === "declined");
  if ((declined || intents.includes("no")) && !intents.includes("booking")) return "not_interested";
  if (intents.includes("yes") || intents.includes("booking")) return "interested";
  return "follow_up";
}

function sentimentOf(intents: Intent[], events: CallEvent[]): Sentiment {
  if (events.some((e) => e.kind === "dnc")) return "negative";
  if (events.some((e) => e.kind === "booked")) return "positive";
  const pos = intents.filter((i) => i === "yes" || i === "booking").length;
  const neg = intents.filter((i) => i === "no").length + (events.some((e) => e.kind === "declined") ? 1 : 0);
  return pos > neg ? "positive" : neg > pos ? "negative" : "neutral";
}

/** The sentence that states the outcome; it is chosen from the outcome, so the two can never disagree. */
function outcomeSentence(outcome: CallOutcome, name: string, tz: string, events: CallEvent[]): string | null {
  const booked = events.find((e) => e.kind === "booked");
  const callback = events.find((e) => e.kind === "callback");
  switch (outcome) {
    case "do_not_call":
      return `${name} asked not to be called again and was added to the do-not-call list.`;
    case "scheduled":
      return `${name} agreed to a meeting, booked for ${speakDateTime(booked!.start, tz)}.`;
    case "not_interested":
      return `${name} said they were not interested.`;
    case "transferred":
      return `${name} asked to speak with a person and was put through to the team.`;
    case "interested":
      return events.some((e) => e.kind === "booking_refused")
        ? `${name} asked for a meeting but the requested time was not available; no meeting was booked.`
        : `${name} showed interest but no meeting was booked.`;
    default:
      if (callback)
        return `${name} asked to be called back; a callback is scheduled for ${speakDateTime(callback.at, tz)}.`;
      return null; // questions only, or nothing clear: the sentences below say which
  }
}

function sentencesOf(
  outcome: CallOutcome,
  name: string,
  tz: string,
  intents: Intent[],
  events: CallEvent[],
  budget: string | null,
): string[] {
  const out: string[] = [];
  const first = outcomeSentence(outcome, name, tz, events);
  if (first) out.push(first);
  // A meeting booked before the callee opted out is still in the calendar: say so.
  const booked = events.find((e) => e.kind === "booked");
  if (outcome === "do_not_call" && booked)
    out.push(`A meeting had been booked for ${speakDateTime(booked.start, tz)}.`);
  if (events.some((e) => e.kind === "transfer" && !e.answered))
    out.push(`${name} asked to speak with a person, but nobody from the team picked up.`);
  const answered = events.filter((e) => e.kind === "answered");
  if (answered.length) {
    const unknown = answered.filter((e) => e.source === "none").length;
    const q = answered[0]!.question.replace(/[?.!\s]+$/, "");
    const more = answered.length - 1;
    const asked = `${name} asked "${q}"${more ? ` and ${more} more question${more > 1 ? "s" : ""}` : ""}`;
    // Which of them went unanswered decides what the team must do next: follow up with an answer.
    const result = !unknown
      ? more
        ? ", all answered from the campaign information."
        : ", answered from the campaign information."
      : unknown === answered.length
        ? `, which the agent could not answer; a follow-up with the answer was offered.`
        : `; ${unknown} of them could not be answered and a follow-up was offered.`;
    out.push(asked + result);
  }
  if (budget) out.push(`Budget mentioned: ${budget}.`);
  if (!out.length)
    out.push(
      intents.length
        ? `${name} spoke with the agent; no clear outcome.`
        : `${name} answered but said nothing the agent understood.`,
    );
  return out.slice(0, 3);
}

/** Calls with no conversation: the outcome alone is what happened. */
export type UnspokenOutcome = "voicemail" | "no_answer" | "busy" | "failed";

/**
 * The summary of a call nobody talked on: voicemail (`messageLeft`: the whole message was played),
 * no answer (`answered`: picked up, then silence), busy, or failed (`reason`: why, when known).
 */
export function summarizeUnspokenCall(
  outcome: UnspokenOutcome,
  o: { messageLeft?: boolean; answered?: boolean; reason?: string } = {},
): CallSummary {
  const reason = o.reason?.trim().replace(/[.\s]+$/, "");
  const summary = {
    voicemail: o.messageLeft ? "Reached voicemail; left the message." : "Reached voicemail; no message left.",
    no_answer: o.answered ? "The call was answered but nobody spoke." : "No answer.",
    busy: "The line was busy.",
    failed: reason ? `The call failed: ${reason}.` : "The call failed.",
  }[outcome];
  return { outcome, summary, sentiment: "neutral", extracted: {} };
}

/**
 * What the callee's lines meant. A no to "Is there anything else I can help you with?" says nothing more is
 * needed, not that the offer was refused: a callee who asked a price and said "no, thanks, bye" to it is not
 * "not interested".
 */
function calleeIntents(transcript: TranscriptTurn[]): Intent[] {
  const intents: Intent[] = [];
  let asked = "";
  for (const turn of transcript) {
    if (turn.speaker !== "callee") {
      asked = turn.text.trim();
      continue;
    }
    const intent = classifyIntent(turn.text);
    if (intent === "unclear" || intent === "greeting" || !turn.text.trim()) continue;
    if (intent === "no" && asked.endsWith(lines.anythingElse())) continue;
    intents.push(intent);
  }
  return intents;
}

/** A summary built only from what was said and what the tools really did: nothing is invented. */
export function summarizeCall(ctx: AgentContext, transcript: TranscriptTurn[], events: CallEvent[]): CallSummary {
  const calleeLines = transcript.filter((t) => t.speaker === "callee" && t.text.trim()).map((t) => t.text);
  const intents = calleeIntents(transcript);
  const extracted: Record<string, string> = {};
  const budget = calleeLines.map(extractBudget).find((b) => b !== null) ?? null;
  if (budget) extracted.budget = budget;
  const service = calleeLines.map((l) => extractService(l, ctx.campaign.service)).find((s) => s !== null);
  if (service) extracted.service = service;
  const tz = ctx.campaign.timezone;
  const booked = events.find((e) => e.kind === "booked");
  if (booked) extracted.meeting_time = isoInZone(booked.start, tz);
  const callback = events.find((e) => e.kind === "callback");
  if (callback) extracted.callback_time = isoInZone(callback.at, tz);
  const name = ctx.contact.name.trim() || "The contact";
  const outcome = outcomeOf(intents, events);
  return {
    outcome,
    summary: sentencesOf(outcome, name, tz, intents, events, budget).join(" "),
    sentiment: sentimentOf(intents, events),
    extracted,
  };
}
