/**
 * Pure day arithmetic of the calendar screen. A day is a date-only value (local midnight), never an instant: which
 * day a meeting falls on is read on the viewer's clock (lib/zoned-time.ts), so these work whatever the machine's
 * zone. Weeks run Sunday–Saturday.
 */
export type CalendarView = "day" | "week" | "month" | "year";

/** Day view rows: 7:00 AM to 5:00 PM, hourly (spec section 9). */
export const DAY_HOURS = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

const pad = (n: number) => String(n).padStart(2, "0");
export const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
export const sameDay = (a: Date, b: Date) => isoDate(a) === isoDate(b);

/** Sunday to Saturday around d. */
export function weekRange(d: Date): { start: Date; end: Date } {
  const start = addDays(startOfDay(d), -d.getDay());
  return { start, end: addDays(start, 6) };
}

export const weekDays = (d: Date): Date[] => Array.from({ length: 7 }, (_, i) => addDays(weekRange(d).start, i));

/** The month as whole Sunday-first weeks (4 to 6 rows), with the neighbouring days that fill them. */
export function monthGrid(d: Date): Date[][] {
  const first = new Date(d.getFullYear(), d.getMonth(), 1);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0);
  const weeks: Date[][] = [];
  for (let start = weekRange(first).start; start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }
  return weeks;
}

/** The dates to ask the server for (inclusive); month asks for the whole visible grid. */
export function visibleRange(view: CalendarView, anchor: Date): { start_date: string; end_date: string } {
  if (view === "day") return { start_date: isoDate(anchor), end_date: isoDate(anchor) };
  if (view === "week") {
    const { start, end } = weekRange(anchor);
    return { start_date: isoDate(start), end_date: isoDate(end) };
  }
  if (view === "month") {
    const grid = monthGrid(anchor);
    return { start_date: isoDate(grid[0]![0]!), end_date: isoDate(grid.at(-1)![6]!) };
  }
  return { start_date: `${anchor.getFullYear()}-01-01`, end_date: `${anchor.getFullYear()}-12-31` };
}

/** The anchor one step back (-1) or forward (+1); month steps keep the day within the shorter month. */
export function shiftAnchor(view: CalendarView, anchor: Date, dir: -1 | 1): Date {
  if (view === "day") return addDays(anchor, dir);
  if (view === "week") return addDays(anchor, 7 * dir);
  if (view === "year") return new Date(anchor.getFullYear() + dir, anchor.getMonth(), 1);
  const target = new Date(anchor.getFullYear(), anchor.getMonth() + dir, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(anchor.getDate(), lastDay));
}

// Names of date-only values (no instant, so no zone): a meeting's time is written by lib/time-format.ts.
const fmt = (d: Date, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", o).format(d);

/** The heading beside the arrows. */
export function periodTitle(view: CalendarView, anchor: Date): string {
  if (view === "day") return fmt(anchor, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
  if (view === "year") return String(anchor.getFullYear());
  if (view === "month") return fmt(anchor, { month: "long", year: "numeric" });
  const { start, end } = weekRange(anchor);
  const left = fmt(start, { month: "short", day: "numeric" });
  const right =
    start.getMonth() === end.getMonth() ? String(end.getDate()) : fmt(end, { month: "short", day: "numeric" });
  if (start.getFullYear() !== end.getFullYear())
    return `${left}, ${start.getFullYear()} – ${right}, ${end.getFullYear()}`;
  return `${left} – ${right}, ${end.getFullYear()}`;
}

/** 7:00 AM */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;
/** "Tue 1" over a week column, "Tue, Dec 1" over a phone's agenda day, "December" on a year card. */
export const weekdayAndDate = (d: Date) => `${fmt(d, { weekday: "short" })} ${d.getDate()}`;
export const agendaDay = (d: Date) => fmt(d, { weekday: "short", month: "short", day: "numeric" });
export const monthName = (year: number, month: number) => fmt(new Date(year, month, 1), { month: "long" });
