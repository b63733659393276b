import type { TranscriptTurn } from "@parley/shared/calls";
import { spokenOrder, type ScoreInput } from "../../apps/server/src/features/scorecard/score-input.ts";

/** A line as written in a test: who, what, from and to (seconds since the answer). */
export type Said = [speaker: "agent" | "callee", text: string, from: number, to: number, interrupted?: true];

export const turns = (said: Said[]): TranscriptTurn[] =>
  said.map(([speaker, text, from, to, interrupted]) => ({
    speaker,
    text,
    startMs: Math.round(from * 1000),
    endMs: Math.round(to * 1000),
    ...(interrupted ? { interrupted } : {}),
  }));

/** A finished, answered, recorded call of a campaign whose goal is a meeting, with these lines. */
export function call(said: Said[], more: Partial<Omit<ScoreInput, "lines">> = {}): ScoreInput {
  return {
    lines: spokenOrder(turns(said)),
    answered: true,
    outcome: "interested",
    recorded: true,
    goal: "book a short demo of the premium plan",
    faqs: [{ question: "How much does it cost?", answer: "The premium plan is 49 dollars a month per seat." }],
    kbSources: [],
    booking: null,
    ...more,
  };
}

export const GREETING =
  "Hi Dana, this is Maya, an AI assistant calling on behalf of Bright Dental. This call is recorded. " +
  "Do you have a minute?";

/** A good call: disclosed, the goal asked, a question answered from the FAQ, the slot read back before booking. */
export const BOOKED_CALL: Said[] = [
  ["agent", GREETING, 0.6, 6.2],
  ["callee", "yes sure what is it about", 7.0, 8.4],
  ["agent", "Great, thank you, Dana. Would you like a short demo of the premium plan this week?", 9.5, 14.0],
  ["callee", "how much does it cost", 15.0, 16.2],
  ["agent", "The premium plan is 49 dollars a month per seat. Is there anything else I can help you with?", 17.4, 23.0],
  ["callee", "ok let's do the demo on tuesday", 24.0, 25.8],
  ["agent", "Shall I book Tuesday, December 1 at 3:00 PM?", 27.0, 30.0],
  ["callee", "yes that works", 31.0, 32.0],
  ["agent", "Let me check the calendar.", 33.2, 34.5],
  [
    "agent",
    "You're booked for Tuesday, December 1 at 3:00 PM. Is there anything else I can help you with?",
    36.0,
    41.5,
  ],
  ["callee", "no thanks bye", 42.5, 43.4],
  ["agent", "Thank you for your time, Dana. Have a great day. Goodbye.", 44.2, 47.5],
];
export const BOOKED_AT = new Date("2026-12-01T15:00:00-05:00");
