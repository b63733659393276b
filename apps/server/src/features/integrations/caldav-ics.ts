import ICAL from "ical.js";
import { DateTime } from "luxon";
import { writeIcs, type MeetingText } from "../calendar/ics.ts";

/** A meeting as written to the team's calendar. */
export type MirroredMeeting = MeetingText & { uid: string };
export type Busy = { start: number; end: number };

/**
 * One VEVENT in a VCALENDAR, times in UTC (no VTIMEZONE needed), as every CalDAV server accepts. The
 * calendar app shows the link as the place when the meeting has no other, and as its URL.
 */
export function meetingIcs(m: MirroredMeeting, now: Date): string {
  return writeIcs({
    product: "Meetings",
    events: [
      {
        uid: m.uid,
        stamp: now,
        title: m.title,
        description: m.description,
        location: m.location || m.meetingUrl || "",
        url: m.meetingUrl,
        startAt: m.startAt,
        endAt: m.endAt,
      },
    ],
  });
}

/** A calendar time as an instant: UTC as it is, a TZID by its IANA name, floating times and dates in `zone`. */
function instant(t: ICAL.Time, zone: string): number {
  if (t.zone === ICAL.Timezone.utcTimezone) return t.toUnixTime() * 1000;
  // `timezone` is the TZID parameter as written; ical.js keeps it when the VTIMEZONE is not registered.
  const tzid = (t as ICAL.Time & { timezone?: string }).timezone || t.zone?.tzid;
  const z = tzid && DateTime.local().setZone(tzid).isValid ? tzid : zone;
  const parts = {
    year: t.year,
    month: t.month,
    day: t.day,
    hour: t.isDate ? 0 : t.hour,
    minute: t.isDate ? 0 : t.minute,
    second: t.isDate ? 0 : t.second,
  };
  return DateTime.fromObject(parts, { zone: z }).toMillis();
}

const MAX_OCCURRENCES = 1000;

/**
 * The times the calendar's events keep busy between `from` and `to`: recurring events expanded (ical.js),
 * free ("TRANSP:TRANSPARENT") and cancelled events left out, all-day events busy the whole day in `zone`.
 */
export function busyFromIcs(texts: string[], from: number, to: number, zone: string): Busy[] {
  const busy: Busy[] = [];
  for (const text of texts) {
    let cal: ICAL.Component;
    try {
      cal = new ICAL.Component(ICAL.parse(text));
    } catch {
      continue; // one unreadable object must not hide the others
    }
    for (const vevent of cal.getAllSubcomponents("vevent")) {
      if (String(vevent.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT") continue;
      if (String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") continue;
      const event = new ICAL.Event(vevent);
      if (!event.startDate) continue;
      const add = (s: ICAL.Time, e: ICAL.Time | null) => {
        const start = instant(s, zone);
        const end = e ? instant(e, zone) : start + (s.isDate ? 86_400_000 : 0);
        if (end > from && start < to) busy.push({ start, end: Math.max(end, start) });
      };
      if (!event.isRecurring()) {
        if (!event.isRecurrenceException()) add(event.startDate, event.endDate);
        continue;
      }
      const it = event.iterator();
      for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
        const o = event.getOccurrenceDetails(next);
        if (instant(o.startDate, zone) >= to) break;
        add(o.startDate, o.endDate);
      }
    }
  }
  return busy;
}
