import { DateTime } from "luxon";
import { z } from "zod";
import type { AgentContext, AgentTools } from "../brain.ts";
import type { CallEvent } from "../call-events.ts";
import { isoInZone, speakDateTime } from "../spoken-time.ts";
import type { ToolCall, ToolDefinition } from "./chat-types.ts";

const fn = (
  name: string,
  description: string,
  properties: Record<string, unknown> = {},
  required: string[] = [],
): ToolDefinition => ({
  type: "function",
  function: { name, description, parameters: { type: "object", properties, required, additionalProperties: false } },
});

const localTime = {
  type: "string",
  description: "ISO 8601 local time in the campaign's timezone, e.g. 2026-11-24T15:00",
};

export const TOOL_DEFINITIONS: ToolDefinition[] = [
  fn(
    "book_meeting",
    "Book a meeting with the callee, only once they said yes to the day and time you read back to them. " +
      "The calendar refuses times outside business hours or already taken, and returns free alternatives.",
    {
      start: localTime,
      notes: { type: "string", description: "What the meeting is about" },
    },
    ["start"],
  ),
  fn(
    "schedule_callback",
    "Schedule the next call to this person at the time they asked to be called back.",
    { at: localTime },
    ["at"],
  ),
  fn("mark_do_not_call", "The callee asked never to be called again: add the number to the do-not-call list."),
  fn("end_call", "Hang up after your current sentence. Use after saying goodbye."),
];

/** Only when the campaign names a person to put callers through to ("Transfer to"). */
export const TRANSFER_TOOL = fn(
  "transfer_call",
  "Put the caller through to a person from the team. Say first that you are connecting them; you stop " +
    "speaking once it is said. If nobody answers you get the call back and should offer a callback.",
  {
    reason: {
      type: "string",
      description: "Why the caller wants a person, in a few words (told to the person before they join)",
    },
  },
);

/** The tools this call's model may use. */
export const toolDefinitions = (tools: AgentTools): ToolDefinition[] =>
  tools.transferCall ? [...TOOL_DEFINITIONS, TRANSFER_TOOL] : TOOL_DEFINITIONS;

const BookArgs = z.object({ start: z.string().min(1), notes: z.string().optional() });
const CallbackArgs = z.object({ at: z.string().min(1) });
const TransferArgs = z.object({ reason: z.string().optional() });

/** A local ISO time (or one with an offset) read in the campaign's zone. */
function parseLocal(iso: string, zone: string): Date {
  const dt = DateTime.fromISO(iso, { zone });
  if (!dt.isValid) throw new Error(`"${iso}" is not an ISO 8601 time`);
  return dt.toJSDate();
}

const slot = (at: Date, zone: string) => ({ start: isoInZone(at, zone), spoken: speakDateTime(at, zone) });

/** Whether the model may book that time now: null, or why not (the tool's answer to the model). */
export type BookingCheck = (requested: Date) => string | null;

async function run(
  call: ToolCall,
  ctx: AgentContext,
  tools: AgentTools,
  events: CallEvent[],
  checkBooking: BookingCheck,
): Promise<unknown> {
  const zone = ctx.campaign.timezone;
  const args: unknown = JSON.parse(call.function.arguments.trim() || "{}");
  switch (call.function.name) {
    case "book_meeting": {
      const { start, notes } = BookArgs.parse(args);
      const requested = parseLocal(start, zone);
      const notYet = checkBooking(requested);
      if (notYet) return { booked: false, reason: notYet };
      const r = await tools.bookMeeting({ start: requested, notes });
      if (r.booked) {
        events.push({ kind: "booked", start: r.start });
        return { booked: true, ...slot(r.start, zone) };
      }
      events.push({ kind: "booking_refused", requested, reason: r.reason, alternatives: r.alternatives });
      return { booked: false, reason: r.reason, alternatives: r.alternatives.map((a) => slot(a, zone)) };
    }
    case "schedule_callback": {
      const at = parseLocal(CallbackArgs.parse(args).at, zone);
      await tools.scheduleCallback(at);
      events.push({ kind: "callback", at });
      return { scheduled: true, ...slot(at, zone) };
    }
    case "mark_do_not_call":
      await tools.markDoNotCall();
      events.push({ kind: "dnc" });
      return { done: true };
    case "transfer_call": {
      if (!tools.transferCall) throw new Error("Nobody to transfer to on this campaign: offer a callback instead.");
      tools.transferCall({ reason: TransferArgs.parse(args).reason ?? "" });
      return { transferring: true, note: "The person is rung once your current sentence is said; say nothing more." };
    }
    case "end_call":
      tools.endCall();
      return { done: true, note: "The call ends after what you say now." };
    default:
      throw new Error(`unknown tool ${call.function.name}`);
  }
}

/**
 * Runs one tool call; a bad call is answered to the model as an error it can correct, never thrown. `checkBooking`
 * may refuse a booking before the calendar is asked (the brain's read-back rule, booking-readback.ts).
 */
export async function runToolCall(
  call: ToolCall,
  ctx: AgentContext,
  tools: AgentTools,
  events: CallEvent[],
  checkBooking: BookingCheck = () => null,
): Promise<string> {
  try {
    return JSON.stringify(await run(call, ctx, tools, events, checkBooking));
  } catch (err) {
    const message =
      err instanceof z.ZodError
        ? err.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")
        : (err as Error).message;
    return JSON.stringify({ error: message });
  }
}
