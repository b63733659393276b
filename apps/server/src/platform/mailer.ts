import type { Transporter } from "nodemailer";

/** One email: plain text, and for a calendar invitation its ICS with the iTIP method. */
export type Mail = {
  to: string[];
  subject: string;
  text: string;
  calendar?: { method: "REQUEST" | "CANCEL"; ics: string };
};
/** Sends one message; answers null when the mail server accepted it, else what went wrong. Never throws. */
export type SendMail = (mail: Mail) => Promise<string | null>;

/**
 * Sends through SMTP_URL with nodemailer (meeting invitations and team invitations). A calendar invitation's ICS
 * goes as nodemailer's `icalEvent`: a text/calendar part with the iTIP method (what Gmail and Outlook show as an
 * invitation with Yes/No) and the same file as invite.ics.
 * Short timeouts: a dead server fails the attempt quickly and the queue retries it later.
 */
export function createMailer(smtp: { url: string; from: string }): SendMail {
  // nodemailer is loaded at the first message, not at start-up: most processes never send one.
  let transport: Promise<Transporter> | null = null;
  const open = async () =>
    (await import("nodemailer")).default.createTransport({
      url: smtp.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  return async (m) => {
    try {
      transport ??= open();
      await (await transport).sendMail({
        from: smtp.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.calendar && {
          icalEvent: {
            method: m.calendar.method,
            filename: m.calendar.method === "CANCEL" ? "cancel.ics" : "invite.ics",
            content: m.calendar.ics,
          },
        }),
      });
      return null;
    } catch (err) {
      return err instanceof Error ? err.message.slice(0, 500) : String(err);
    }
  };
}
