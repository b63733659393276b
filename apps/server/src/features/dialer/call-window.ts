import { DateTime } from "luxon";

/** A wall-clock window repeated every day, "HH:MM" each; end ≤ start means it runs past midnight. */
export type DailyWindow = { start: string; end: string };
export type Interval = { start: number; end: number };

export type CallWindowRules = {
  /** The campaign's business hours in its timezone. */
  businessHours: DailyWindow;
  timezone: string;
  /** The campaign's scheduled start and end, when it has them. */
  startAt?: Date | null;
  endAt?: Date | null;
  /** Zones the callee may be in (from the phone number); each must be inside `contactHours`. */
  contactZones: string[];
  /** Contact-local calling hours; never wider than 08:00–21:00 (see `clampContactHours`). */
  contactHours: DailyWindow;
};

export const LEGAL_CONTACT_HOURS: DailyWindow = { start: "08:00", end: "21:00" };
const SEARCH_DAYS = 14;

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

/** A campaign may tighten the contact-local window, never loosen it past 08:00–21:00. */
export function clampContactHours(w: DailyWindow | null | undefined): DailyWindow {
  if (!w) return LEGAL_CONTACT_HOURS;
  const legal = { s: minutes(LEGAL_CONTACT_HOURS.start), e: minutes(LEGAL_CONTACT_HOURS.end) };
  const s = Math.max(minutes(w.start), legal.s);
  const e = Math.min(minutes(w.end) <= minutes(w.start) ? legal.e : minutes(w.end), legal.e);
  const fmt = (x: number) => `${String(Math.floor(x / 60)).padStart(2, "0")}:${String(x % 60).padStart(2, "0")}`;
  return e > s ? { start: fmt(s), end: fmt(e) } : LEGAL_CONTACT_HOURS;
}

/** The daily window's occurrences, as UTC instants, for the local days touching [from, from + days]. */
function occurrences(w: DailyWindow, zone: string, from: number, days: number): Interval[] {
  const out: Interval[] = [];
  const day0 = DateTime.fromMillis(from, { zone }).startOf("day").minus({ days: 1 });
  const s = minutes(w.start);
  const e = minutes(w.end);
  for (let d = 0; d <= days + 1; d++) {
    const day = day0.plus({ days: d });
    // Built from wall-clock parts so a DST change moves the instant, not the local time.
    const start = day.set({ hour: Math.floor(s / 60), minute: s % 60 });
    const endDay = e <= s ? day.plus({ days: 1 }) : day;
    const end = endDay.set({ hour: Math.floor(e / 60), minute: e % 60 });
    out.push({ start: start.toMillis(), end: end.toMillis() });
  }
  return out;
}

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

/**
 * The earliest instant at or after `earliest` when a call is allowed: inside the campaign's business
 * hours, its start/end dates, and contact-local hours in every zone the number may be in.
 * Null when no such instant exists within two weeks or before the campaign ends.
 */
export function nextCallTime(earliest: Date, rules: CallWindowRules): Date | null {
  // Nearly every answer lies within a day or two: look there first, the full horizon only when needed.
  return firstWindowStart(earliest, rules, 2) ?? firstWindowStart(earliest, rules, SEARCH_DAYS);
}

function firstWindowStart(earliest: Date, rules: CallWindowRules, days: number): Date | null {
  const first = callWindows(earliest, rules, days)[0];
  return first ? new Date(first.start) : null;
}

/**
 * Every span, in epoch milliseconds and in order, from `earliest` to `days` later, in which a call is allowed by
 * the same rules as `nextCallTime`.
 */
export function callWindows(earliest: Date, rules: CallWindowRules, days: number): Interval[] {
  const from = Math.max(earliest.getTime(), rules.startAt?.getTime() ?? -Infinity);
  const until = Math.min(rules.endAt?.getTime() ?? Infinity, from + days * 86_400_000);
  if (from >= until) return [];
  let windows = intersect(occurrences(rules.businessHours, rules.timezone, from, days), [{ start: from, end: until }]);
  for (const zone of rules.contactZones) {
    if (!windows.length) break;
    windows = intersect(windows, occurrences(rules.contactHours, zone, from, days));
  }
  return windows;
}

/** Whether `at` falls inside the daily window in `zone` (one that runs past midnight included). */
export function isWithin(at: Date, w: DailyWindow, zone: string): boolean {
  const t = at.getTime();
  return occurrences(w, zone, t, 0).some((o) => o.start <= t && t < o.end);
}
