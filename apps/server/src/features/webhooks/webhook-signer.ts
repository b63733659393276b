import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new endpoint secret in the Standard Webhooks form: "whsec_" and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString("base64")}`;
}

/** A message id ("msg_…"); it stays the same on every retry and resend of one event to one endpoint. */
export function newMessageId(): string {
  return `msg_${crypto.randomUUID().replace(/-/g, "")}`;
}

/**
 * The three Standard Webhooks headers for one send. The `standardwebhooks` package signs
 * (v1, base64 HMAC-SHA256 of "id.timestamp.body"), so receivers verify with the same stock code. With several
 * secrets (the new one and, while its grace period lasts, the rotated-out one) the header carries one
 * signature per secret, space-separated, as the standard allows: a receiver holding either verifies.
 */
export function signedHeaders(secrets: string[], messageId: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(" "),
  };
}
