import type { CalendarEvent } from "@parley/shared/calendar";
import { InvitationMessages } from "@parley/shared/invitations";
import { formatWhen } from "../../lib/time-format.ts";

export type InvitationView = { label: string; color: "success" | "warning" | "error" | "default"; detail: string };

/** What the meeting's detail says about its invitation email (times on the viewer's clock); null with no state. */
export function invitationView(e: Pick<CalendarEvent, "invitation">, viewerZone: string): InvitationView | null {
  const at = (iso: string) => formatWhen(iso, viewerZone);
  const i = e.invitation;
  if (!i) return null;
  const to = i.recipients.join(", ");
  const what = i.method === "CANCEL" ? "Cancellation" : (i.sequence ?? 0) > 0 ? "Update" : "Invitation";
  switch (i.status) {
    case "not_configured":
      return { label: "Invitations off", color: "default", detail: InvitationMessages.notConfigured };
    case "not_sent":
      return { label: "No invitation", color: "default", detail: InvitationMessages.notSent };
    case "sent":
      return {
        label: `${what} sent`,
        color: "success",
        detail: `${what} emailed to ${to}${i.sent_at ? ` on ${at(i.sent_at)}` : ""}.`,
      };
    case "failed":
      return {
        label: `${what} not sent`,
        color: "error",
        detail:
          `${what} to ${to} could not be sent after ${i.attempts} tries: ` +
          `${i.last_error ?? "the mail server refused it"}.`,
      };
    case "pending":
      if (i.attempts === 0)
        return { label: `${what} queued`, color: "warning", detail: `${what} to ${to} is being sent.` };
      return {
        label: `${what} waiting`,
        color: "warning",
        detail:
          `${what} to ${to} is not sent yet: ` +
          `${i.last_error ?? "the mail server did not accept it"}.` +
          `${i.next_attempt_at ? ` Next try ${at(i.next_attempt_at)}.` : ""}`,
      };
  }
}
