import { DateTime } from "luxon";
import type { SpokenTime } from "./spoken-time.ts";

// The free slots the agent offers when the asked time cannot be booked, and which of them the callee's words mean.

/**
 * The two free slots closest to the time asked, said in time order. The calendar gives its few nearest in
 * time order, so its first two could both lie before the asked time while one just after is as close
 * (3 pm taken: 2:30 and 3:30, not 2:00 and 2:30).
 */
export function nearestTwo(alternatives: Date[], asked: Date): Date[] {
  const distance = (d: Date) => Math.abs(d.getTime() - asked.getTime());
  return [...alternatives]
    .sort((a, b) => distance(a) - distance(b) || a.getTime() - b.getTime())
    .slice(0, 2)
    .sort((a, b) => a.getTime() - b.getTime());
}

const WEEKDAY_ONLY = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/;
const MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d/;

/**
 * The offered slot a named time means: the same instant, the one at that hour (no day said) or on that day
 * (no hour said; a bare weekday is the offered one, which may be next week's).
 */
export function offeredMatch(named: SpokenTime, text: string, alts: Date[], zone: string): Date | null {
  const local = (d: Date) => DateTime.fromJSDate(d, { zone });
  const same = alts.find((a) => Math.abs(a.getTime() - named.at.getTime()) < 60_000);
  if (same) return same;
  const said = local(named.at);
  // A day and an hour said: that time, offered or not. An hour alone: the offered slot at that hour.
  if (named.exactTime)
    return named.dayGuessed ? (alts.find((a) => local(a).toFormat("HH:mm") === said.toFormat("HH:mm")) ?? null) : null;
  if (named.dayGuessed) return null;
  const sameDay = alts.find((a) => local(a).hasSame(said, "day"));
  if (sameDay) return sameDay;
  return WEEKDAY_ONLY.test(text) && !MONTH.test(text)
    ? (alts.find((a) => local(a).weekday === said.weekday) ?? null)
    : null;
}

/** An hour said without a day while slots are on offer is meant on the offered day, not today. */
export function onOfferedDay(said: SpokenTime, alts: Date[], zone: string): Date {
  const offered = alts[0];
  if (!offered || !said.dayGuessed) return said.at;
  const hour = DateTime.fromJSDate(said.at, { zone });
  return DateTime.fromJSDate(offered, { zone })
    .set({ hour: hour.hour, minute: hour.minute, second: 0, millisecond: 0 })
    .toJSDate();
}
