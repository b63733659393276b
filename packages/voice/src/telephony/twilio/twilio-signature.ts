import crypto from "node:crypto";

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, over the full webhook URL followed by
 * every POST parameter sorted by name, each as name + value with no separators.
 */
export function computeTwilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return crypto.createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(computeTwilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; a length mismatch is a mismatch anyway.
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
