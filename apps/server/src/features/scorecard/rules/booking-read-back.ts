import type { ScorecardCheck } from "@parley/shared/scorecard";
import { DateTime } from "luxon";
import { fail, type Line, notApplicable, pass, spoken, type ScoreInput } from "../score-input.ts";

const HOUR_WORDS = ["twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"];
const BOOKED = /\b(?:booked|scheduled|confirmed|all set|locked in|you're in|put you down|in the calendar)\b/i;
// "Yes", "that works", "perfect", "go ahead": the lead agrees to the slot said back.
const AGREES = new RegExp(
  String.raw`\b(?:yes|yeah|yep|yup|sure|correct|right|perfect|great|fine|ok|okay|sounds good|that works|` +
    String.raw`works for me|please do|go ahead)\b`,
  "i",
);

/** The ways a slot is said back: its hour ("3", "3:30", "three", "15:00") and its day ("Tuesday", "December 1"). */
function slotWords(at: Date, zone: string): { hour: RegExp; day: RegExp } {
  const t = DateTime.fromJSDate(at, { zone }).setLocale("en-US");
  const h12 = t.hour % 12 || 12;
  const hour = new RegExp(
    String.raw`\b(?:${h12}(?::${t.toFormat("mm")})?(?!\d)|${HOUR_WORDS[h12 % 12]}\b|` +
      `${t.toFormat("HH:mm")}${t.hour === 12 ? "|noon|midday" : ""})`,
    "i",
  );
  const day = new RegExp(
    String.raw`\b(?:${t.toFormat("cccc")}|${t.toFormat("ccc")}|${t.toFormat("LLLL")}|today|tomorrow)\b`,
    "i",
  );
  return { hour, day };
}

/** When the booking was made: the calendar's record of it, else the agent's line announcing it. */
function madeAt(s: ScoreInput, lines: Line[], says: (l: Line) => boolean): { ms: number; line: Line | null } {
  const announced = lines.find((l) => l.speaker === "agent" && BOOKED.test(l.text) && says(l)) ?? null;
  const ms = s.booking?.madeAtMs ?? announced?.startMs ?? Number.POSITIVE_INFINITY;
  return { ms, line: announced ?? lines.find((l) => l.speaker === "agent" && l.startMs >= ms) ?? null };
}

/**
 * Before a meeting is booked the agent says its day and hour back ("Shall I book Tuesday at 3 PM?") and the lead
 * agrees; a time booked straight from the lead's words, however clear, was never checked with them.
 */
export function bookingReadBack(s: ScoreInput): ScorecardCheck {
  if (!s.booking) return notApplicable("booking_read_back", "No meeting was booked on this call.");
  const { hour, day } = slotWords(s.booking.startAt, s.booking.timezone);
  const says = (l: Line) => hour.test(l.text) && day.test(l.text);
  const lines = spoken(s.lines);
  const made = madeAt(s, lines, says);
  const before = lines.filter((l) => l.startMs < made.ms && l !== made.line);
  const readBack = before.find(
    (l, i) =>
      l.speaker === "agent" &&
      says(l) &&
      before.slice(i + 1).some((c) => c.speaker === "callee" && AGREES.test(c.text)),
  );
  if (readBack)
    return pass("booking_read_back", "The agent read the time back and the lead agreed before booking.", readBack);
  return fail(
    "booking_read_back",
    "The meeting was booked without its time being read back and agreed first.",
    made.line,
  );
}
