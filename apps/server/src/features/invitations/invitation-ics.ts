import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { DateTime } from "luxon";
import type { MeetingText } from "../calendar/ics.ts";

export type InvitationIcsInput = MeetingText & {
  /** Stable per meeting (`<event id>@<host>`): every update and the cancel name the same event. */
  uid: string;
  method: "REQUEST" | "CANCEL";
  sequence: number;
  /** IANA zone the meeting was booked in: DTSTART/DTEND are written in it, with its VTIMEZONE. */
  timezone: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  stamp: Date;
};

const isUtc = (zone: string) => ["UTC", "Etc/UTC", "GMT", "Etc/GMT"].includes(zone);

/**
 * The iTIP message (RFC 5546) for one meeting, written by ical-generator. The calendar has no zone of its
 * own (so DTSTAMP stays UTC); the event carries the meeting's zone, given as a Luxon time in that zone
 * (a plain Date would be read as wall time of the zone), and the generator adds its VTIMEZONE.
 */
export function buildInvitationIcs(i: InvitationIcsInput): string {
  const cal = ical({ prodId: { company: "Parley", product: "Meetings" }, method: i.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  const zoned = !isUtc(i.timezone);
  if (zoned) cal.timezone({ name: null, generator: getVtimezoneComponent });
  const at = (d: Date) => (zoned ? DateTime.fromJSDate(d, { zone: i.timezone }) : d);
  const description = i.meetingUrl ? [i.description, `Join: ${i.meetingUrl}`].filter(Boolean).join("\n\n") : i.description;
  cal.createEvent({
    id: i.uid,
    sequence: i.sequence,
    stamp: i.stamp,
    start: at(i.startAt),
    end: at(i.endAt),
    ...(zoned ? { timezone: i.timezone } : {}),
    summary: i.title,
    description: description || null,
    location: i.location || null,
    url: i.meetingUrl,
    status: i.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: i.organizer.name, email: i.organizer.email },
    attendees: i.attendees.map((a) => ({
      email: a.email, ...(a.name ? { name: a.name } : {}), rsvp: true, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION,
    })),
  });
  return cal.toString();
}
