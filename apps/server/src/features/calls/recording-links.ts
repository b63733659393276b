import crypto from "node:crypto";
import type { Clock } from "../../platform/clock.ts";

/** How long a recording address handed to the browser stays usable. */
export const RECORDING_LINK_TTL_SECONDS = 3600;

/**
 * Signed, expiring addresses for call recordings. An <audio> element cannot send the bearer token, so the
 * address itself is the permission: an HMAC over the owning org, the call and the expiry. The key is derived
 * from the JWT secret, so it is never the token-signing key itself.
 */
export function createRecordingLinks(secret: string, clock: Clock) {
  const key = crypto.createHmac("sha256", secret).update("parley:recording-links:v1").digest();
  const sign = (orgId: string, callId: string, exp: number) =>
    crypto.createHmac("sha256", key).update(`${orgId}:${callId}:${exp}`).digest("base64url");

  return {
    url(orgId: string, callId: string, ttlSeconds = RECORDING_LINK_TTL_SECONDS): string {
      const exp = Math.floor(clock.now().getTime() / 1000) + ttlSeconds;
      return `/api/recordings/${callId}?exp=${exp}&sig=${sign(orgId, callId, exp)}`;
    },
    /** True when `sig` was made by url() for this org and call and has not expired. */
    verify(orgId: string, callId: string, exp: number, sig: string): boolean {
      if (!Number.isSafeInteger(exp) || exp * 1000 < clock.now().getTime()) return false;
      const expected = Buffer.from(sign(orgId, callId, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
export type RecordingLinks = ReturnType<typeof createRecordingLinks>;
