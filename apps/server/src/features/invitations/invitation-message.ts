import type { CalendarEvent } from "@parley/shared/calendar";
import { DateTime } from "luxon";

export type InvitationChange = "booked" | "updated" | "cancelled";

/** "Tue 2 Jan 2030, 15:00–15:30 (Europe/Berlin)": the meeting in the zone it was booked in. */
export function meetingWhen(e: CalendarEvent): string {
  const start = DateTime.fromISO(e.start_time, { zone: e.timezone });
  const end = DateTime.fromISO(e.end_time, { zone: e.timezone });
  const sameDay = start.toISODate() === end.toISODate();
  return (
    `${start.toFormat("ccc d LLL yyyy, HH:mm")}–${end.toFormat(sameDay ? "HH:mm" : "ccc d LLL yyyy, HH:mm")} ` +
    `(${e.timezone})`
  );
}

/** Subject and plain text of the email that carries the ICS. */
export function invitationText(
  e: CalendarEvent,
  change: InvitationChange,
  orgName: string,
): { subject: string; text: string } {
  const when = meetingWhen(e);
  const subject =
    { booked: "Invitation", updated: "Updated invitation", cancelled: "Cancelled" }[change] + `: ${e.title} @ ${when}`;
  const lead = {
    booked: `${orgName} has booked a meeting with you.`,
    updated: `${orgName} has changed your meeting; the attached invitation replaces the earlier one.`,
    cancelled: `${orgName} has cancelled this meeting.`,
  }[change];
  const lines = [lead, "", e.title, `When: ${when}`];
  if (e.location) lines.push(`Where: ${e.location}`);
  if (e.meeting_url) lines.push(`Join: ${e.meeting_url}`);
  if (e.description) lines.push("", e.description);
  return { subject, text: lines.join("\n") + "\n" };
}
