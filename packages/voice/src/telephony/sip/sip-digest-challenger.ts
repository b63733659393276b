import crypto from "node:crypto";
import { digestParams, digestResponse } from "./sip-digest.ts";

/** How long a nonce we issued is answerable: Asterisk's default (`nonce_lifetime`), time for one call's challenge. */
export const NONCE_LIFE_MS = 32_000;
/** Nonces used at once at most (each kept until it expires); past this the oldest are forgotten. */
const MAX_USED = 10_000;

/**
 * `ok`: the account's password, on a fresh nonce issued to this address, its (nonce, nc) never seen before.
 * `stale`: the password was right but the nonce expired: challenged again with stale=true, not a failure
 * (RFC 7616 §3.3). `wrong`: anything else, a failed attempt.
 */
export type DigestVerdict = "ok" | "stale" | "wrong";

/**
 * The other side of digest (RFC 3261 §22.1, as a UAS challenging an INVITE). A nonce carries the time it was
 * issued and an HMAC of that time and the address it was issued to, so it is checked without keeping state and
 * is worth nothing from another address; each (nonce, nc) is accepted once, so a captured Authorization header
 * cannot be replayed.
 */
export function createDigestChallenger(o: { realm: string; secret?: Buffer; now?: () => number; lifeMs?: number }) {
  const secret = o.secret ?? crypto.randomBytes(32);
  const now = o.now ?? Date.now;
  const lifeMs = o.lifeMs ?? NONCE_LIFE_MS;
  const sign = (ts: string, source: string) =>
    crypto.createHmac("sha256", secret).update(`${ts}|${source}`).digest("hex").slice(0, 32);
  /** The nonce's age when we issued it to `source`, else null. */
  const ageOf = (nonce: string, source: string): number | null => {
    const [ts, mac, extra] = nonce.split(".");
    if (!ts || !mac || extra !== undefined || mac.length !== 32 || !/^\d{1,15}$/.test(ts)) return null;
    if (!crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(sign(ts, source)))) return null;
    const age = now() - Number(ts);
    return age >= 0 ? age : null;
  };
  // nonce → the nc values accepted with it, kept until the nonce expires (insertion order is roughly issue order).
  const used = new Map<string, Set<string>>();
  const forgetExpired = () => {
    for (const nonce of used.keys()) {
      if (used.size <= MAX_USED && now() - Number(nonce.split(".")[0]) < lifeMs) break;
      used.delete(nonce);
    }
  };

  return {
    /** The WWW-Authenticate value of a 401 to a request from `source` (its host). */
    challenge(source: string, stale = false): string {
      const ts = String(now());
      return (
        `Digest realm="${o.realm}", nonce="${ts}.${sign(ts, source)}", ` +
        `algorithm=MD5, qop="auth"${stale ? ", stale=true" : ""}`
      );
    },
    /** Whether `authorization`, from `source`, answers our challenge with these credentials for this method. */
    verify(
      authorization: string | undefined,
      method: string,
      creds: { username: string; password: string },
      source: string,
    ): DigestVerdict {
      const p = digestParams(authorization ?? "");
      if (!p || p.username !== creds.username || p.realm !== o.realm || !p.nonce || !p.uri || !p.response)
        return "wrong";
      if ((p.algorithm ?? "MD5").toUpperCase() !== "MD5") return "wrong";
      const qop = p.qop?.toLowerCase() === "auth" ? "auth" : undefined;
      if (qop && !/^[0-9a-f]{8}$/i.test(p.nc ?? "")) return "wrong";
      const age = ageOf(p.nonce, source);
      if (age === null) return "wrong";
      const want = digestResponse(
        { realm: o.realm, nonce: p.nonce, algorithm: "MD5", qop, stale: false },
        { ...creds, method, uri: p.uri, nc: qop ? parseInt(p.nc!, 16) : undefined, cnonce: p.cnonce ?? "" },
      );
      const given = p.response.toLowerCase();
      if (want.length !== given.length || !crypto.timingSafeEqual(Buffer.from(want), Buffer.from(given)))
        return "wrong";
      if (age >= lifeMs) return "stale";
      // Without qop (RFC 2069) there is no nc: the nonce itself is single-use.
      const nc = qop ? p.nc!.toLowerCase() : "-";
      const seen = used.get(p.nonce);
      if (seen?.has(nc)) return "wrong";
      forgetExpired();
      if (seen) seen.add(nc);
      else used.set(p.nonce, new Set([nc]));
      return "ok";
    },
  };
}

export type DigestChallenger = ReturnType<typeof createDigestChallenger>;
