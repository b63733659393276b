import nodemailer from "nodemailer";

export type InvitationMail = { to: string[]; subject: string; text: string; ics: string; method: "REQUEST" | "CANCEL" };
/** Sends one message; answers null when the mail server accepted it, else what went wrong. Never throws. */
export type SendInvitationMail = (mail: InvitationMail) => Promise<string | null>;

/**
 * Sends through SMTP_URL with nodemailer. The ICS goes as nodemailer's `icalEvent`: a text/calendar part with
 * the iTIP method (what Gmail and Outlook show as an invitation with Yes/No) and the same file as invite.ics.
 * Short timeouts: a dead server fails the attempt quickly and the queue retries it later.
 */
export function createInvitationMailer(smtp: { url: string; from: string }): SendInvitationMail {
  const transport = nodemailer.createTransport({ url: smtp.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return async (m) => {
    try {
      await transport.sendMail({
        from: smtp.from, to: m.to, subject: m.subject, text: m.text,
        icalEvent: { method: m.method, filename: m.method === "CANCEL" ? "cancel.ics" : "invite.ics", content: m.ics },
      });
      return null;
    } catch (err) {
      return err instanceof Error ? err.message.slice(0, 500) : String(err);
    }
  };
}
