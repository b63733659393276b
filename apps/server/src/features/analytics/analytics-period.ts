import { DateTime, IANAZone } from "luxon";
import type { AnalyticsPeriod } from "@parley/shared/analytics";

export type Bucket = { start: DateTime; end: DateTime; label: string };
export type PeriodRange = { from: DateTime; to: DateTime; buckets: Bucket[] };

export const isValidZone = (zone: string) => IANAZone.isValidZone(zone);

/** Sunday 00:00 of the week holding `d` (weeks start on Sunday, like the calendar screen). */
const startOfSundayWeek = (d: DateTime) => d.startOf("day").minus({ days: d.weekday % 7 });

function periodStart(period: AnalyticsPeriod, now: DateTime): DateTime {
  if (period === "day") return now.startOf("day");
  if (period === "week") return startOfSundayWeek(now);
  if (period === "month") return now.startOf("month");
  return now.startOf("quarter");
}

function periodEnd(period: AnalyticsPeriod, from: DateTime): DateTime {
  if (period === "day") return from.plus({ days: 1 });
  if (period === "week") return from.plus({ weeks: 1 });
  if (period === "month") return from.plus({ months: 1 });
  return from.plus({ months: 3 });
}

const bucketSize = (period: AnalyticsPeriod) =>
  period === "day" ? { hours: 1 } : period === "quarter" ? { weeks: 1 } : { days: 1 };

function label(period: AnalyticsPeriod, start: DateTime): string {
  if (period === "day") return start.toFormat("HH:mm");
  if (period === "week") return start.toFormat("ccc d");
  return start.toFormat("d LLL");
}

/**
 * The current period in `zone` as of `nowAt`, and its buckets from the start up to the one holding now.
 * A quarter's first bucket runs from the quarter's start to the next Sunday, so weeks line up with the calendar.
 */
export function periodRange(period: AnalyticsPeriod, zone: string, nowAt: Date): PeriodRange {
  const now = DateTime.fromJSDate(nowAt, { zone });
  const from = periodStart(period, now);
  const to = periodEnd(period, from);
  const buckets: Bucket[] = [];
  let start = from;
  while (start <= now && start < to) {
    let end = period === "quarter" ? startOfSundayWeek(start).plus({ weeks: 1 }) : start.plus(bucketSize(period));
    if (end > to) end = to;
    buckets.push({ start, end, label: label(period, start) });
    start = end;
  }
  return { from, to, buckets };
}
