import { INVITATION_TTL_DAYS, type InvitationEmail } from "@parley/shared/team";
import { formatWhen } from "../../../lib/time-format.ts";

export type EmailLine = { text: string; color: "text.secondary" | "warning.main" | "error.main" };

/**
 * The pending invitation's email state, under its role and expiry (times on the viewer's clock); null when Parley
 * does not email (no mail server).
 */
export function emailLine(mail: InvitationEmail, viewerZone: string): EmailLine | null {
  const at = (iso: string) => formatWhen(iso, viewerZone);
  switch (mail.status) {
    case "not_configured":
      return null;
    case "not_sent":
      return { text: "Not emailed: copy a new link and send it yourself.", color: "text.secondary" };
    case "sent":
      return { text: `Emailed${mail.sent_at ? ` ${at(mail.sent_at)}` : ""}.`, color: "text.secondary" };
    case "failed":
      return {
        text:
          "The email could not be sent: " +
          `${mail.last_error ?? "the mail server refused it"}. Copy a new ` +
          "link and send it yourself.",
        color: "error.main",
      };
    case "pending":
      if (!mail.last_error) return { text: "Email on its way.", color: "text.secondary" };
      return {
        text:
          "Email not sent yet: " +
          `${mail.last_error}.${mail.next_attempt_at ? ` Next try ${at(mail.next_attempt_at)}.` : ""}`,
        color: "warning.main",
      };
  }
}

/** What the link dialog says about the email, before the link itself. */
export function linkDialogNote(mail: InvitationEmail, email: string): string {
  const once = `It works once, for ${INVITATION_TTL_DAYS} days, and is not shown again`;
  switch (mail.status) {
    case "pending":
    case "sent":
      return (
        `Parley is emailing this link to ${email}. You can also copy it and send it yourself. ` +
        `${once} (a new link from the pending invitation replaces it and is emailed too).`
      );
    case "not_sent":
      return (
        "Parley could not email it: the server does not know its own web address (PUBLIC_URL). Copy the " +
        `link and send it to them. ${once} (you can make a new one from the pending invitation).`
      );
    default:
      return (
        "No mail server is set up, so Parley does not email invitations. Copy the link and send " +
        `it to them. ${once} (you can make a new one from the pending invitation).`
      );
  }
}
