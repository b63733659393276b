/**
 * The one way the web app writes a time: on the viewer's clock (the organisation's default zone, else the
 * browser's; lib/useViewerZone.ts), saying the zone whenever the time is on another clock than the viewer's.
 * Screens pick a format here and never call toLocaleString themselves: a copy of their own would run on the
 * browser's clock. Formats the spec fixes (12-hour times, dd-mm-yyyy) are here too, on the same clock.
 */
import { dayKey, zonedFields, type ZonedFields } from "./zoned-time.ts";

/** "in 5 h 38 min", "in 12 min", "in under a minute". */
export function untilText(iso: string, now: Date): string {
  const minutes = Math.ceil((new Date(iso).getTime() - now.getTime()) / 60_000);
  if (minutes <= 1) return "in under a minute";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h >= 48) return `in ${Math.round(h / 24)} days`;
  return h ? `in ${h} h ${m} min` : `in ${m} min`;
}

/** The browser's own zone. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * Options of a shown time: `zone` the clock it is on (the viewer's when not given; named when not the viewer's),
 * `seconds` to add them, `fallback` what a missing or unreadable time reads ("N/A" unless given).
 */
export type TimeShown = { zone?: string; seconds?: boolean; fallback?: string };
type When = string | null | undefined;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const pad = (n: number) => String(n).padStart(2, "0");
const short = (name: string) => name.slice(0, 3);

/** Writes `iso` on its clock with `write`, then names the zone when it is not the viewer's. */
function shown(iso: When, viewerZone: string, opts: TimeShown, write: (f: ZonedFields) => string): string {
  const f = iso ? zonedFields(iso, opts.zone ?? viewerZone) : null;
  if (!f) return opts.fallback ?? "N/A";
  return `${write(f)}${opts.zone && opts.zone !== viewerZone ? ` (${opts.zone})` : ""}`;
}
const clock24 = (f: ZonedFields, seconds?: boolean) =>
  `${pad(f.hour)}:${pad(f.minute)}${seconds ? `:${pad(f.second)}` : ""}`;
const clock12 = (f: ZonedFields, seconds?: boolean) =>
  `${f.hour % 12 || 12}:${pad(f.minute)}${seconds ? `:${pad(f.second)}` : ""} ${f.hour < 12 ? "AM" : "PM"}`;
const mediumDate = (f: ZonedFields) => `${short(MONTHS[f.month - 1]!)} ${f.day}, ${f.year}`;

/** "2026-12-01 13:22" (the call logs' form); "(Australia/Sydney)" added when not on the viewer's clock. */
export function formatDateTime(iso: When, viewerZone: string, opts: TimeShown = {}): string {
  return shown(iso, viewerZone, opts, (f) => `${f.year}-${pad(f.month)}-${pad(f.day)} ${clock24(f, opts.seconds)}`);
}

/** "13:22". */
export function formatClock(iso: When, viewerZone: string, opts: TimeShown = {}): string {
  return shown(iso, viewerZone, opts, (f) => clock24(f, opts.seconds));
}

/** "4:05 PM": the 12-hour time the spec asks of calendar and WhatsApp rows. */
export function formatTime12(iso: When, viewerZone: string, opts: TimeShown = {}): string {
  return shown(iso, viewerZone, opts, (f) => clock12(f, opts.seconds));
}

/** "Dec 1, 2026". */
export function formatDate(iso: When, viewerZone: string, opts: TimeShown = {}): string {
  return shown(iso, viewerZone, opts, mediumDate);
}

/** "Tuesday, December 1, 2026". */
export function formatLongDate(iso: When, viewerZone: string, opts: TimeShown = {}): string {
  return shown(iso, viewerZone, opts, (f) => `${DAYS[f.weekday]}, ${MONTHS[f.month - 1]} ${f.day}, ${f.year}`);
}

/** "Dec 1, 2026, 4:05 PM": a moment in a sentence or a label ("Created …", "next try …"). */
export function formatWhen(iso: When, viewerZone: string, opts: TimeShown = {}): string {
  return shown(iso, viewerZone, opts, (f) => `${mediumDate(f)}, ${clock12(f, opts.seconds)}`);
}

/**
 * A moment near `now`, as short as is clear: "3:40 PM" today, "Tue 3:40 PM" within the week (or always with
 * `withDay`), "Mar 12, 3:40 PM" beyond; "today" is the day of the clock the time is on.
 */
export function formatNear(
  iso: When,
  viewerZone: string,
  now: Date,
  opts: TimeShown & { withDay?: boolean } = {},
): string {
  const zone = opts.zone ?? viewerZone;
  return shown(iso, viewerZone, opts, (f) => {
    const time = clock12(f, opts.seconds);
    if (!opts.withDay && dayKey(iso!, zone) === dayKey(now, zone)) return time;
    if (Date.parse(iso!) - now.getTime() < 6 * 86_400_000) return `${short(DAYS[f.weekday]!)} ${time}`;
    return `${short(MONTHS[f.month - 1]!)} ${f.day}, ${time}`;
  });
}

/**
 * "01-12-2026" (with `time` "01-12-2026 13:22"), or with `separator: "/"` and `shortYear` "01/12/26": the numeric
 * dates the spec fixes (dashboard cards, WhatsApp list) and the campaign list's.
 */
export function formatDmy(
  iso: When,
  viewerZone: string,
  opts: TimeShown & { separator?: string; shortYear?: boolean; time?: boolean } = {},
): string {
  const sep = opts.separator ?? "-";
  return shown(iso, viewerZone, opts, (f) => {
    const date = [pad(f.day), pad(f.month), opts.shortYear ? String(f.year).slice(-2) : String(f.year)].join(sep);
    return opts.time ? `${date} ${clock24(f, opts.seconds)}` : date;
  });
}
