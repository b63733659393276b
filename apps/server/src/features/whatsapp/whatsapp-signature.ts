import crypto from "node:crypto";

/** Meta's X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the exact bytes received, keyed by the app secret. */
export function signBody(raw: Buffer, appSecret: string): string {
  return `sha256=${crypto.createHmac("sha256", appSecret).update(raw).digest("hex")}`;
}

export function verifySignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(raw, appSecret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
