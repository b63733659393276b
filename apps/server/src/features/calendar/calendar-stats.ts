import { DateTime } from "luxon";
import type { CalendarStats } from "@parley/shared/calendar";

type StatRow = { start_at: Date; is_virtual: boolean; source: "agent" | "staff" };

/** Meeting figures of a range: every local day of the range appears in by_day, with 0 when empty. */
export function computeStats(
  rows: StatRow[],
  range: { startDate: string; endDate: string; zone: string },
  now: Date,
): CalendarStats {
  const byDay = new Map<string, number>();
  const last = DateTime.fromISO(range.endDate, { zone: range.zone });
  for (let d = DateTime.fromISO(range.startDate, { zone: range.zone }); d <= last; d = d.plus({ days: 1 }))
    byDay.set(d.toISODate()!, 0);
  for (const r of rows) {
    const day = DateTime.fromJSDate(r.start_at, { zone: range.zone }).toISODate()!;
    // An event that started the evening before the range but runs into it is counted on neither day.
    if (byDay.has(day)) byDay.set(day, byDay.get(day)! + 1);
  }
  const counted = rows.filter((r) => byDay.has(DateTime.fromJSDate(r.start_at, { zone: range.zone }).toISODate()!));
  return {
    total_meetings: counted.length,
    upcoming: counted.filter((r) => r.start_at.getTime() >= now.getTime()).length,
    virtual: counted.filter((r) => r.is_virtual).length,
    in_person: counted.filter((r) => !r.is_virtual).length,
    booked_by_agent: counted.filter((r) => r.source === "agent").length,
    by_day: [...byDay].map(([date, count]) => ({ date, count })),
  };
}

/** [from, to) instants of inclusive local dates in a zone. */
export function rangeInstants(startDate: string, endDate: string, zone: string): { from: Date; to: Date } {
  return {
    from: DateTime.fromISO(startDate, { zone }).startOf("day").toJSDate(),
    to: DateTime.fromISO(endDate, { zone }).plus({ days: 1 }).startOf("day").toJSDate(),
  };
}
