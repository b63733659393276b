import { CalendarEventCreate, type CalendarEvent } from "@parley/shared/calendar";
import { isoToZonedLocal, zonedFields, zonedLocalToIso } from "../../lib/zoned-time.ts";
import { isoDate } from "./calendar-dates.ts";

/**
 * What the form edits: datetime-local strings, read and written on the viewer's clock (the organisation's zone, not
 * necessarily the browser's), and attendees as one comma-separated line.
 */
export type EventForm = {
  title: string;
  start: string;
  end: string;
  is_virtual: boolean;
  meeting_url: string;
  location: string;
  description: string;
  attendees: string;
};
export type FormErrors = Partial<Record<keyof EventForm, string>>;

const pad = (n: number) => String(n).padStart(2, "0");
const HOUR_MS = 3_600_000;

/**
 * A new event starts at the next whole hour of the chosen day (9:00 AM when that day is not today), for 30 minutes;
 * "today" and the hours are the viewer's (`zone`).
 */
export function blankForm(day: Date, zone: string, now = new Date()): EventForm {
  const f = zonedFields(now, zone)!;
  const today = `${f.year}-${pad(f.month)}-${pad(f.day)}`;
  const start =
    isoDate(day) === today
      ? new Date(Date.parse(zonedLocalToIso(`${today}T${pad(f.hour)}:00`, zone)!) + HOUR_MS).toISOString()
      : zonedLocalToIso(`${isoDate(day)}T09:00`, zone)!;
  return {
    title: "",
    start: isoToZonedLocal(start, zone),
    end: isoToZonedLocal(new Date(Date.parse(start) + 30 * 60_000).toISOString(), zone),
    is_virtual: false,
    meeting_url: "",
    location: "",
    description: "",
    attendees: "",
  };
}

export function formFromEvent(e: CalendarEvent, zone: string): EventForm {
  return {
    title: e.title,
    start: isoToZonedLocal(e.start_time, zone),
    end: isoToZonedLocal(e.end_time, zone),
    is_virtual: e.is_virtual,
    meeting_url: e.meeting_url ?? "",
    location: e.location,
    description: e.description,
    attendees: e.attendees.join(", "),
  };
}

/** The request body (times read on `zone`'s clock), checked with the server's schema; errors keyed by form field. */
export function formToPayload(
  f: EventForm,
  zone: string,
): { ok: true; body: CalendarEventCreate } | { ok: false; errors: FormErrors } {
  const body = {
    title: f.title,
    start_time: zonedLocalToIso(f.start, zone) ?? f.start,
    end_time: zonedLocalToIso(f.end, zone) ?? f.end,
    timezone: zone,
    is_virtual: f.is_virtual,
    meeting_url: f.meeting_url,
    location: f.location,
    description: f.description,
    attendees: f.attendees
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
  };
  const parsed = CalendarEventCreate.safeParse(body);
  if (parsed.success) return { ok: true, body };
  return {
    ok: false,
    errors: issuesToErrors(
      parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
    ),
  };
}

const FIELD_OF: Record<string, keyof EventForm> = { start_time: "start", end_time: "end" };

/** Server or schema issues ({path, message}) onto the form's fields. */
export function issuesToErrors(issues: { path: string; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of issues) {
    const top = path.split(".")[0] ?? "";
    const field = FIELD_OF[top] ?? (top as keyof EventForm);
    errors[field] ??= message;
  }
  return errors;
}
