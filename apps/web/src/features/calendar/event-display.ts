import type { CalendarEvent } from "@parley/shared/calendar";
import { formatLongDate, formatTime12 } from "../../lib/time-format.ts";
import { dayKey, isKnownZone, zonedFields } from "../../lib/zoned-time.ts";
import { isoDate } from "./calendar-dates.ts";

/** Spec section 9: length in minutes to a label. */
export function durationLabel(minutes: number): string {
  if (minutes <= 30) return "30 mins";
  if (minutes <= 60) return "1 hour";
  if (minutes <= 90) return "1.5 hours";
  if (minutes <= 120) return "2 hours";
  if (minutes <= 180) return "3 hours";
  if (minutes <= 240) return "4 hours";
  return `${(minutes / 60).toFixed(1)} hours`;
}

export const eventMinutes = (e: Pick<CalendarEvent, "start_time" | "end_time">) =>
  Math.round((Date.parse(e.end_time) - Date.parse(e.start_time)) / 60_000);

export type IconKind = "coffee" | "person" | "heart" | "video" | "business";

/** Spec section 9: the first matching keyword group, checked in the spec's order. */
export function iconKind(title: string): IconKind {
  const t = title.toLowerCase();
  if (t.includes("coffee") || t.includes("chat")) return "coffee";
  if (t.includes("1:1") || t.includes("personal")) return "person";
  if (t.includes("happy hour") || t.includes("social")) return "heart";
  if (t.includes("video") || t.includes("virtual")) return "video";
  return "business";
}

/**
 * The stored meeting link, else none. A deviation from the spec, which builds one from the title under a video
 * host: that link opens no meeting anyone arranged (docs/calendar.md).
 */
export function meetingLink(e: Pick<CalendarEvent, "meeting_url">): string | null {
  return e.meeting_url || null;
}

/** Case-insensitive match on title, description, location and attendees; an empty search matches nothing. */
export function matchesSearch(e: CalendarEvent, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return false;
  return [e.title, e.description, e.location, ...e.attendees].some((s) => s.toLowerCase().includes(q));
}

/** Cancelled events never show, whatever the server sends. */
export const liveEvents = (events: CalendarEvent[]) => events.filter((e) => e.status !== "cancelled");

/** The events starting on `day` by the viewer's clock (`zone`), earliest first. */
export const eventsOn = (events: CalendarEvent[], day: Date, zone: string) =>
  events
    .filter((e) => dayKey(e.start_time, zone) === isoDate(day))
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));

/** The hour (0–23) an event starts at on the viewer's clock. */
export const startHour = (e: Pick<CalendarEvent, "start_time">, zone: string) =>
  zonedFields(e.start_time, zone)?.hour ?? 0;

/** The events of a month (0–11) of a year on the viewer's clock, earliest first. */
export const eventsInMonth = (events: CalendarEvent[], year: number, month: number, zone: string) =>
  events
    .filter((e) => {
      const f = zonedFields(e.start_time, zone);
      return f?.year === year && f.month === month + 1;
    })
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));

/**
 * The detail's "When": on the viewer's clock ("4:05 PM – 4:35 PM, Tuesday, December 1, 2026"), and on the clock
 * the meeting was made on when that is another, named ("10:05 AM – 10:35 AM, Wednesday, … (Australia/Sydney)").
 */
export function whenLines(
  e: Pick<CalendarEvent, "start_time" | "end_time" | "timezone">,
  viewerZone: string,
): { viewer: string; own: string | null } {
  const line = (zone: string) =>
    `${formatTime12(e.start_time, zone)} – ${formatTime12(e.end_time, zone)}, ${formatLongDate(e.start_time, zone)}`;
  const other = e.timezone && e.timezone !== viewerZone && isKnownZone(e.timezone) ? e.timezone : null;
  return { viewer: line(viewerZone), own: other && `${line(other)} (${other})` };
}
