import * as chrono from "chrono-node/en";
import { DateTime } from "luxon";
import { normaliseNumberWords } from "./number-words.ts";

export type TimeContext = { now: Date; timezone: string; businessHours: { start: string; end: string } };

export type SpokenTime = {
  at: Date;
  /** The callee named a clock time ("3 pm"), not just a day or a part of the day. */
  exactTime: boolean;
  /** Inside the campaign's business hours (a booking outside them will be refused by the calendar). */
  inBusinessHours: boolean;
  /** No day was named ("at three pm"): the day is today's or tomorrow's by the clock, a guess to confirm. */
  dayGuessed: boolean;
};

const minutesOf = (hhmm: string): number => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

/** A sensible hour for "morning", "afternoon", "evening" or a bare day, kept inside business hours. */
function defaultMinutes(text: string, hours: TimeContext["businessHours"]): number {
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  let wanted = Math.max(start, 9 * 60);
  if (/\bafternoon\b/.test(text)) wanted = 14 * 60;
  else if (/\b(evening|tonight|after work)\b/.test(text)) wanted = 17 * 60;
  else if (/\b(lunch|noon)\b/.test(text)) wanted = 12 * 60;
  return Math.min(Math.max(wanted, start), Math.max(start, end - 60));
}

/**
 * Reads a date and time from what the callee said, in the campaign's timezone, relative to `now`:
 * "tuesday at three pm", "tomorrow morning", "half past two", "next tuesday afternoon". Null when no time is named.
 */
export function parseSpokenTime(utterance: string, ctx: TimeContext): SpokenTime | null {
  // "not now", "right now" refuse the present moment; they do not name a time.
  const text = normaliseNumberWords(utterance).replace(/\b(right |just )?now\b/g, " ");
  const zoneNow = DateTime.fromJSDate(ctx.now, { zone: ctx.timezone });
  // chrono's components come out in the reference offset, so they are wall-clock times of the campaign's zone.
  const ref = { instant: ctx.now, timezone: zoneNow.offset };
  const result = chrono.parse(text, ref, { forwardDate: true })[0];
  if (!result) return null;
  const s = result.start;
  const exactTime = s.isCertain("hour");
  let hour = s.get("hour") ?? 0;
  let minute = s.get("minute") ?? 0;
  if (!exactTime) {
    const mins = defaultMinutes(text, ctx.businessHours);
    hour = Math.floor(mins / 60);
    minute = mins % 60;
  } else if (!s.isCertain("meridiem") && hour >= 1 && hour < 8) {
    hour += 12; // nobody books a sales call at 3 in the night: "at three" means 3 pm
  }
  let local = DateTime.fromObject(
    {
      year: s.get("year") ?? zoneNow.year,
      month: s.get("month") ?? zoneNow.month,
      day: s.get("day") ?? zoneNow.day,
      hour,
      minute,
    },
    { zone: ctx.timezone },
  );
  const dayNamed = s.isCertain("day") || /\btoday\b/.test(text);
  const weekdayNamed = !dayNamed && s.isCertain("weekday");
  // chrono pushed a bare clock time to tomorrow when its am reading had passed; the pm reading may still be today.
  if (!dayNamed && !weekdayNamed && local.minus({ days: 1 }) > zoneNow) local = local.minus({ days: 1 });
  if (local <= zoneNow && !dayNamed) {
    // "Tuesday at 3 pm" said on a Tuesday after 3 pm is next week's
    // Tuesday, never Wednesday; a bare time is tomorrow's.
    local = local.plus({ days: weekdayNamed ? 7 : 1 });
  }
  // A date named outright ("today at 3", "November 24") that has passed stays as said: the calendar refuses it
  // as past and the agent says so, rather than booking another day.
  const mins = local.hour * 60 + local.minute;
  const inBusinessHours = mins >= minutesOf(ctx.businessHours.start) && mins < minutesOf(ctx.businessHours.end);
  return { at: local.toJSDate(), exactTime, inBusinessHours, dayGuessed: !dayNamed && !weekdayNamed };
}

/** "Tuesday, November 24 at 3:00 PM" in the campaign's timezone, for speech. */
export function speakDateTime(at: Date, timezone: string): string {
  return DateTime.fromJSDate(at, { zone: timezone }).setLocale("en-US").toFormat("cccc, LLLL d 'at' h:mm a");
}

/** ISO local time with offset in the campaign's zone (what the call record and the LLM see). */
export function isoInZone(at: Date, timezone: string): string {
  return DateTime.fromJSDate(at, { zone: timezone }).toISO({ suppressMilliseconds: true }) ?? at.toISOString();
}
