import crypto from "node:crypto";
import { API_KEY_PREFIX } from "@parley/shared/api-keys";

/**
 * Characters of the secret shown in the list (after pk_live_): enough
 * to tell keys apart, far too few to guess the rest.
 */
const SHOWN = 4;

/** A new key: 32 random bytes (256 bits) in base64url after the recognisable prefix. */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = API_KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + SHOWN), hash: hashApiKey(secret) };
}

/**
 * SHA-256, not a password hash (argon2): a password is short and guessable, so its hash must be slow; a key is
 * 256 random bits, so no guessing can find it whatever the hash costs, and a fast hash lets every API request
 * look its key up by hash in one indexed query instead of paying argon2's tens of milliseconds per call.
 */
export function hashApiKey(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
