import crypto from "node:crypto";
import type { AddressObject } from "mailparser";
import { InboundEmailJson } from "@parley/shared/email-logs";
import { AppError, toFieldIssues, validationError } from "../../http/errors.ts";
import { addressOf, normalizeMessageId, referenceIds } from "./email-threading.ts";

/** An inbound email reduced to what the logs keep (attachments are not stored). */
export type InboundEmail = {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  sentAt: Date;
  body: string;
  references: string[];
};

/** The documented JSON form of the webhook. */
export function emailFromJson(body: unknown, now: Date): InboundEmail {
  const parsed = InboundEmailJson.safeParse(body);
  if (!parsed.success) throw validationError(toFieldIssues(parsed.error.issues));
  const e = parsed.data;
  const from = addressOf(e.from);
  if (!from) throw validationError([{ path: "from", message: "from must contain an email address." }]);
  return {
    messageId: normalizeMessageId(e.message_id),
    from,
    to: (Array.isArray(e.to) ? e.to : [e.to]).join(", "),
    subject: e.subject,
    sentAt: e.date ? new Date(e.date) : now,
    body: e.text,
    references: referenceIds(e.in_reply_to, e.references),
  };
}

/** Raw MIME (message/rfc822), parsed with mailparser. */
export async function emailFromMime(raw: Buffer, now: Date): Promise<InboundEmail> {
  // mailparser (and its charset tables) is loaded at the first inbound message, not at every start-up.
  const { simpleParser } = await import("mailparser");
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true }).catch(() => {
    throw new AppError("validation_failed", "The email could not be parsed as MIME.");
  });
  const from = mail.from?.value
    .map((a) => a.address)
    .find(Boolean)
    ?.toLowerCase();
  if (!from) throw new AppError("validation_failed", "The email has no From address.");
  // A message without a Message-ID still needs a stable key so a redelivery is recognised.
  const messageId =
    mail.messageId ?? `<sha256-${crypto.createHash("sha256").update(raw).digest("hex")}@parley.invalid>`;
  return {
    messageId: normalizeMessageId(messageId),
    from,
    to: addresses(mail.to),
    subject: mail.subject ?? "",
    sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : now,
    body: (mail.text ?? "").trim(),
    references: referenceIds(mail.inReplyTo, mail.references),
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string {
  const list = field ? (Array.isArray(field) ? field : [field]) : [];
  return list
    .flatMap((o) => o.value.map((a) => a.address ?? ""))
    .filter(Boolean)
    .join(", ");
}
