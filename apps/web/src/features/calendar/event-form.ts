import { CalendarEventCreate, type CalendarEvent } from "@parley/shared/calendar";
import { isoDate } from "./calendar-dates.ts";
import { browserZone } from "../../lib/time-format.ts";

/** What the form edits: datetime-local strings and attendees as one comma-separated line. */
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
export const toLocalInput = (d: Date) => `${isoDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A new event starts at the next whole hour of the chosen day (9:00 AM when that day is not today), for 30 minutes. */
export function blankForm(day: Date, now = new Date()): EventForm {
  const start =
    isoDate(day) === isoDate(now)
      ? new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() + 1)
      : new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9);
  return {
    title: "",
    start: toLocalInput(start),
    end: toLocalInput(new Date(start.getTime() + 30 * 60_000)),
    is_virtual: false,
    meeting_url: "",
    location: "",
    description: "",
    attendees: "",
  };
}

export function formFromEvent(e: CalendarEvent): EventForm {
  return {
    title: e.title,
    start: toLocalInput(new Date(e.start_time)),
    end: toLocalInput(new Date(e.end_time)),
    is_virtual: e.is_virtual,
    meeting_url: e.meeting_url ?? "",
    location: e.location,
    description: e.description,
    attendees: e.attendees.join(", "),
  };
}

const toIso = (local: string) => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

/** The request body, checked with the same schema the server uses; errors keyed by form field. */
export function formToPayload(
  f: EventForm,
): { ok: true; body: CalendarEventCreate } | { ok: false; errors: FormErrors } {
  const body = {
    title: f.title,
    start_time: toIso(f.start),
    end_time: toIso(f.end),
    timezone: browserZone(),
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
