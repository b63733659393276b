import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { DateTime } from "luxon";

/** What every calendar copy of a meeting says: the feed's, the invitation's and the team calendar's. */
export type MeetingText = {
  title: string;
  description: string;
  location: string;
  meetingUrl: string | null;
  startAt: Date;
  endAt: Date;
};

/**
 * One VEVENT as a copy writes it. `description` and `location` are written as given (each copy decides
 * what goes there, see `withJoinLine`); empty ones are left out.
 */
export type IcsEvent = {
  uid: string;
  stamp: Date;
  title: string;
  description: string;
  location: string;
  url: string | null;
  startAt: Date;
  endAt: Date;
  /** IANA zone: times are written in it with its VTIMEZONE; absent or UTC, they are written in UTC. */
  timezone?: string;
  updatedAt?: Date;
  sequence?: number;
  status?: "confirmed" | "cancelled";
  organizer?: { name: string; email: string };
  attendees?: { name: string; email: string }[];
};

export type IcsCalendar = {
  /** PRODID's product: "Calendar" for the feed, "Meetings" for what is written about one meeting. */
  product: string;
  method?: "PUBLISH" | "REQUEST" | "CANCEL";
  /** X-WR-CALNAME (and NAME) of a subscribed feed. */
  name?: string;
  /** How often a subscriber should fetch again (X-PUBLISHED-TTL, REFRESH-INTERVAL). */
  refreshSeconds?: number;
  events: IcsEvent[];
};

/** The description the feed and the invitation show: the meeting's own text, then its link to join. */
export function withJoinLine(m: MeetingText): string {
  return m.meetingUrl ? [m.description, `Join: ${m.meetingUrl}`].filter(Boolean).join("\n\n") : m.description;
}

const isUtc = (zone: string) => ["UTC", "Etc/UTC", "GMT", "Etc/GMT"].includes(zone);
const METHODS = {
  PUBLISH: ICalCalendarMethod.PUBLISH,
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
};

/**
 * RFC 5545 calendar text, written by ical-generator for every copy of a meeting (subscription feed,
 * invitation, team calendar over CalDAV): escaping, 75-octet folding and CRLF line ends in one place. The
 * calendar has no zone of its own (so DTSTAMP stays UTC); a zoned event is given as a Luxon time in its zone
 * (a plain Date would be read as wall time of the zone) and the generator adds that zone's VTIMEZONE.
 */
export function writeIcs(c: IcsCalendar): string {
  const cal = ical({
    prodId: { company: "Parley", product: c.product },
    ...(c.method ? { method: METHODS[c.method] } : {}),
    ...(c.name ? { name: c.name } : {}),
    ...(c.refreshSeconds ? { ttl: c.refreshSeconds } : {}),
  });
  if (c.events.some((e) => e.timezone && !isUtc(e.timezone)))
    cal.timezone({ name: null, generator: getVtimezoneComponent });
  for (const e of c.events) {
    const zone = e.timezone && !isUtc(e.timezone) ? e.timezone : null;
    const at = (d: Date) => (zone ? DateTime.fromJSDate(d, { zone }) : d);
    cal.createEvent({
      id: e.uid,
      stamp: e.stamp,
      start: at(e.startAt),
      end: at(e.endAt),
      ...(zone ? { timezone: zone } : {}),
      summary: e.title,
      description: e.description || null,
      location: e.location || null,
      url: e.url,
      ...(e.sequence !== undefined ? { sequence: e.sequence } : {}),
      ...(e.updatedAt ? { lastModified: e.updatedAt } : {}),
      ...(e.status ? { status: e.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED } : {}),
      ...(e.organizer ? { organizer: e.organizer } : {}),
      attendees: (e.attendees ?? []).map((a) => ({
        email: a.email,
        ...(a.name ? { name: a.name } : {}),
        rsvp: true,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      })),
    });
  }
  // The generator ends the last line without CRLF; RFC 5545 ends every content line with one.
  return cal.toString() + "\r\n";
}
