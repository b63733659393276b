/**
 * Meeting invitations by email, as the calendar API shows them on each event (`CalendarEvent.invitation`).
 * - not_configured: the server has no SMTP_URL, so no invitation is sent for any meeting;
 * - not_sent: nothing was queued for this meeting (booked before invitations were on, or no address known);
 * - pending: queued, or waiting to retry after the mail server failed (`last_error`, `next_attempt_at`);
 * - sent: the mail server accepted it at `sent_at`; failed: a day of retries did not get it out.
 */
import { z } from "zod";

export const InvitationStatus = z.enum(["not_configured", "not_sent", "pending", "sent", "failed"]);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export const MeetingInvitation = z.object({
  status: InvitationStatus,
  /** REQUEST (booking or update) or CANCEL; null when nothing was queued. */
  method: z.enum(["REQUEST", "CANCEL"]).nullable(),
  /** The ICS SEQUENCE of the newest message: 0 for the booking, higher after each change. */
  sequence: z.number().int().nullable(),
  recipients: z.array(z.string()),
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type MeetingInvitation = z.infer<typeof MeetingInvitation>;

export const InvitationMessages = {
  notConfigured: "Invitations are not sent: no mail server is configured.",
  notSent: "No invitation was sent for this meeting.",
} as const;
