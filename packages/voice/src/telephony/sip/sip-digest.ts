import crypto from "node:crypto";

/**
 * HTTP digest authentication as SIP uses it (RFC 3261 §22.4, RFC 2617, RFC 7616 for SHA-256): the answer
 * to a 401 WWW-Authenticate or 407 Proxy-Authenticate challenge, sent back in Authorization or
 * Proxy-Authorization. qop "auth" when offered (auth-int is not), otherwise the RFC 2069 form.
 */
export type DigestChallenge = { realm: string; nonce: string; opaque?: string; algorithm: string; qop?: string; stale: boolean };

export function parseChallenge(value: string): DigestChallenge | null {
  const m = /^\s*Digest\s+(.*)$/is.exec(value);
  if (!m) return null;
  const params: Record<string, string> = {};
  const re = /([a-zA-Z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (let p = re.exec(m[1]!); p; p = re.exec(m[1]!)) params[p[1]!.toLowerCase()] = p[2] ?? p[3] ?? "";
  if (params.realm === undefined || !params.nonce) return null;
  const algorithm = (params.algorithm ?? "MD5").toUpperCase();
  if (algorithm !== "MD5" && algorithm !== "SHA-256") return null;
  const qops = (params.qop ?? "").split(",").map((q) => q.trim().toLowerCase());
  return {
    realm: params.realm, nonce: params.nonce, opaque: params.opaque, algorithm,
    qop: qops.includes("auth") ? "auth" : undefined, stale: (params.stale ?? "").toLowerCase() === "true",
  };
}

export function digestAuthorization(c: DigestChallenge, o: { username: string; password: string; method: string; uri: string; nc?: number; cnonce?: string }): string {
  const h = (s: string) => crypto.createHash(c.algorithm === "SHA-256" ? "sha256" : "md5").update(s).digest("hex");
  const ha1 = h(`${o.username}:${c.realm}:${o.password}`);
  const ha2 = h(`${o.method}:${o.uri}`);
  const nc = (o.nc ?? 1).toString(16).padStart(8, "0");
  const cnonce = o.cnonce ?? crypto.randomBytes(8).toString("hex");
  const response = c.qop ? h(`${ha1}:${c.nonce}:${nc}:${cnonce}:${c.qop}:${ha2}`) : h(`${ha1}:${c.nonce}:${ha2}`);
  const q = (s: string) => `"${s.replace(/["\\]/g, "\\$&")}"`;
  const parts = [`username=${q(o.username)}`, `realm=${q(c.realm)}`, `nonce=${q(c.nonce)}`, `uri=${q(o.uri)}`, `response=${q(response)}`, `algorithm=${c.algorithm}`];
  if (c.opaque !== undefined) parts.push(`opaque=${q(c.opaque)}`);
  if (c.qop) parts.push(`qop=${c.qop}`, `nc=${nc}`, `cnonce=${q(cnonce)}`);
  return `Digest ${parts.join(", ")}`;
}

/**
 * The other side of digest (RFC 3261 §22.1, as a UAS challenging an INVITE): our nonces carry their time and
 * an HMAC of it, so any nonce we issued in the last five minutes is checked without keeping state.
 */
export function createDigestChallenger(o: { realm: string; secret?: Buffer; now?: () => number }) {
  const secret = o.secret ?? crypto.randomBytes(32);
  const now = o.now ?? Date.now;
  const sign = (ts: string) => crypto.createHmac("sha256", secret).update(ts).digest("hex").slice(0, 32);
  const fresh = (nonce: string) => {
    const [ts, mac] = nonce.split(".");
    if (!ts || !mac || mac.length !== 32 || !/^\d+$/.test(ts)) return false;
    const age = now() - Number(ts);
    return age >= 0 && age < 5 * 60_000 && crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(sign(ts)));
  };
  return {
    /** The WWW-Authenticate value of a 401. */
    challenge(): string {
      const ts = String(now());
      return `Digest realm="${o.realm}", nonce="${ts}.${sign(ts)}", algorithm=MD5, qop="auth"`;
    },
    /** True when `authorization` answers one of our fresh nonces with these credentials for this method. */
    verify(authorization: string | undefined, method: string, creds: { username: string; password: string }): boolean {
      const m = /^\s*Digest\s+(.*)$/is.exec(authorization ?? "");
      if (!m) return false;
      const p: Record<string, string> = {};
      const re = /([a-zA-Z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
      for (let x = re.exec(m[1]!); x; x = re.exec(m[1]!)) p[x[1]!.toLowerCase()] = x[2] ?? x[3] ?? "";
      if (p.username !== creds.username || p.realm !== o.realm || !p.nonce || !p.uri || !p.response || !fresh(p.nonce)) return false;
      if ((p.algorithm ?? "MD5").toUpperCase() !== "MD5") return false;
      const expected = digestAuthorization(
        { realm: o.realm, nonce: p.nonce, algorithm: "MD5", qop: p.qop ? "auth" : undefined, stale: false },
        { ...creds, method, uri: p.uri, nc: p.nc ? parseInt(p.nc, 16) : undefined, cnonce: p.cnonce },
      );
      const want = /response="([0-9a-f]+)"/.exec(expected)![1]!;
      return want.length === p.response.length && crypto.timingSafeEqual(Buffer.from(want), Buffer.from(p.response.toLowerCase()));
    },
  };
}
