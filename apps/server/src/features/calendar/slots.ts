import { DateTime } from "luxon";

/** Pure slot arithmetic: business hours in a zone, minus busy intervals. Times are epoch milliseconds. */
export type Interval = { start: number; end: number };
export type BusinessHours = { start: string; end: string };

const MINUTE = 60_000;
/** Candidate slots start on these boundaries of local time (9:00, 9:30, …). */
export const SLOT_STEP_MINUTES = 30;

function atLocal(day: DateTime, hhmm: string): DateTime {
  const [hour, minute] = hhmm.split(":").map(Number);
  // Luxon resolves a wall time that a DST jump skips to the next valid instant.
  return day.set({ hour: hour ?? 0, minute: minute ?? 0, second: 0, millisecond: 0 });
}

/** The business-hours window of every local day from startDate to endDate (inclusive, YYYY-MM-DD). */
export function businessWindows(startDate: string, endDate: string, hours: BusinessHours, zone: string): Interval[] {
  const windows: Interval[] = [];
  const last = DateTime.fromISO(endDate, { zone });
  for (let day = DateTime.fromISO(startDate, { zone }); day <= last; day = day.plus({ days: 1 })) {
    const start = atLocal(day, hours.start).toMillis();
    const end = atLocal(day, hours.end).toMillis();
    if (end > start) windows.push({ start, end });
  }
  return windows;
}

/** The local days (YYYY-MM-DD) that an instant range touches, for building windows around it. */
export function localDate(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISODate() ?? "";
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * Free slots of `durationMinutes` inside the windows, starting on local half-hour boundaries,
 * touching no busy interval and starting no earlier than `notBefore`.
 */
export function freeSlots(opts: {
  windows: Interval[];
  busy: Interval[];
  durationMinutes: number;
  notBefore?: number;
  zone: string;
}): Interval[] {
  const { windows, durationMinutes, notBefore = -Infinity, zone } = opts;
  const busy = [...opts.busy].sort((a, b) => a.start - b.start);
  const length = durationMinutes * MINUTE;
  const slots: Interval[] = [];
  for (const w of windows) {
    for (let t = firstBoundary(w.start, zone); t + length <= w.end; t += SLOT_STEP_MINUTES * MINUTE) {
      const slot = { start: t, end: t + length };
      if (t < notBefore || busy.some((b) => overlaps(slot, b))) continue;
      slots.push(slot);
    }
  }
  return slots;
}

/** The first local :00 or :30 at or after ms (zones such as Asia/Kolkata are offset by half hours). */
function firstBoundary(ms: number, zone: string): number {
  const local = DateTime.fromMillis(ms, { zone });
  const floor = local.set({ minute: local.minute - (local.minute % SLOT_STEP_MINUTES), second: 0, millisecond: 0 });
  return floor.toMillis() === ms ? ms : floor.plus({ minutes: SLOT_STEP_MINUTES }).toMillis();
}

/** A second daily window a meeting must also fall in: the contact's reasonable hours on their own clock. */
export type ZonedHours = { hours: BusinessHours; zone: string };

/** The parts of `a` that lie inside some interval of `b`. */
function intersect(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  return out.sort((p, q) => p.start - q.start);
}

/** The team's hours of the days from..to, cut to the contact's hours when given (one day either side for zones). */
function meetingWindows(
  from: string,
  to: string,
  hours: BusinessHours,
  zone: string,
  contact?: ZonedHours,
): Interval[] {
  const team = businessWindows(from, to, hours, zone);
  if (!contact) return team;
  const before = DateTime.fromISO(from, { zone }).minus({ days: 1 }).toISODate() ?? from;
  const after = DateTime.fromISO(to, { zone }).plus({ days: 1 }).toISODate() ?? to;
  return intersect(team, businessWindows(before, after, contact.hours, contact.zone));
}

export type BookingCheck =
  | { ok: true }
  | { ok: false; reason: "in_past" | "outside_hours" | "conflict"; alternatives: Interval[] };

/**
 * Whether a meeting may be booked at `start`: inside business hours of its local day (and the contact's hours
 * on their clock, when given), in the future and on top of no busy interval. When not, the nearest free slots
 * (before or after) to propose, inside the same hours.
 */
export function checkBooking(opts: {
  start: number;
  durationMinutes: number;
  hours: BusinessHours;
  zone: string;
  busy: Interval[];
  now: number;
  searchDays?: number;
  alternatives?: number;
  contactHours?: ZonedHours;
}): BookingCheck {
  const { start, durationMinutes, hours, zone, busy, now, searchDays = 14, alternatives = 3, contactHours } = opts;
  const asked = { start, end: start + durationMinutes * MINUTE };
  const day = localDate(start, zone);
  const inHours = meetingWindows(day, day, hours, zone, contactHours).some(
    (w) => asked.start >= w.start && asked.end <= w.end,
  );
  const reason =
    start < now ? "in_past" : !inHours ? "outside_hours" : busy.some((b) => overlaps(asked, b)) ? "conflict" : null;
  if (!reason) return { ok: true };

  const from = DateTime.fromMillis(Math.max(start, now), { zone }).minus({ days: searchDays }).toISODate() ?? day;
  const to = DateTime.fromMillis(Math.max(start, now), { zone }).plus({ days: searchDays }).toISODate() ?? day;
  const candidates = freeSlots({
    windows: meetingWindows(from, to, hours, zone, contactHours),
    busy,
    durationMinutes,
    notBefore: now,
    zone,
  });
  const nearest = candidates
    .sort((a, b) => Math.abs(a.start - start) - Math.abs(b.start - start) || a.start - b.start)
    .slice(0, alternatives)
    .sort((a, b) => a.start - b.start);
  return { ok: false, reason, alternatives: nearest };
}
