import { withJoinLine, writeIcs, type MeetingText } from "../calendar/ics.ts";

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

/** The iTIP message (RFC 5546) for one meeting: a REQUEST for a booking or change, a CANCEL for a cancel. */
export function buildInvitationIcs(i: InvitationIcsInput): string {
  return writeIcs({
    product: "Meetings",
    method: i.method,
    events: [
      {
        uid: i.uid,
        stamp: i.stamp,
        sequence: i.sequence,
        title: i.title,
        description: withJoinLine(i),
        location: i.location,
        url: i.meetingUrl,
        startAt: i.startAt,
        endAt: i.endAt,
        timezone: i.timezone,
        status: i.method === "CANCEL" ? "cancelled" : "confirmed",
        organizer: i.organizer,
        attendees: i.attendees,
      },
    ],
  });
}
