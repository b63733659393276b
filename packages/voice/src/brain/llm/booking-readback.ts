import type { AgentContext, TranscriptTurn } from "../brain.ts";
import { classifyIntent } from "../intents.ts";
import { parseSpokenTime, speakDateTime } from "../spoken-time.ts";

/** The turn a booking answers: what the agent last said (as played, when cut off) and the callee's words to it. */
export type BookingTurn = { agentTurn: string; calleeText: string };

/** What the agent said since the callee last spoke: the turn the callee is answering now. */
export function lastAgentTurn(history: TranscriptTurn[]): string {
  const lines: string[] = [];
  for (let i = history.length - 1; i >= 0 && history[i]!.speaker === "agent"; i--) lines.unshift(history[i]!.text);
  return lines.join(" ");
}

const sameMinute = (a: Date, b: Date) => Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);

/** The clock time a line names, read as the callee's words are (the campaign's zone, relative to now). */
function namedTime(line: string, ctx: AgentContext): Date | null {
  const { timezone, businessHours } = ctx.campaign;
  const t = parseSpokenTime(line, { now: ctx.now(), timezone, businessHours });
  return t?.exactTime ? t.at : null;
}

/**
 * Why the language model may not book `requested` yet, or null when it may. The prompt asks it to read the time back
 * and book on a yes; a model that books straight from "Tuesday maybe?" would put a meeting in someone's calendar that
 * they never agreed to, so the rule is kept here, as the offline agent keeps it ("Just to confirm, shall I book …?"):
 * a question in the agent's previous turn names that very slot, and the callee's answer is a yes (or names the same
 * slot again). The refusal is the tool's result, telling the model what to say instead.
 */
export function readBackRefusal(requested: Date, turn: BookingTurn, ctx: AgentContext): string | null {
  const spoken = speakDateTime(requested, ctx.campaign.timezone);
  const readBack = turn.agentTurn
    .split(/(?<=[.!?])\s+/)
    .some((s) => s.trim().endsWith("?") && sameMinute(namedTime(s, ctx) ?? new Date(0), requested));
  if (!readBack)
    return (
      `Not booked: read the time back first. Ask "Just to confirm, shall I book ${spoken}, your time?" and ` +
      "use book_meeting only after they say yes."
    );
  const intent = classifyIntent(turn.calleeText);
  const said = intent === "booking" ? namedTime(turn.calleeText, ctx) : null;
  if (intent === "yes" || (said && sameMinute(said, requested))) return null;
  return `Not booked: they have not said yes to ${spoken}. Ask whether it suits them, or which time does.`;
}
