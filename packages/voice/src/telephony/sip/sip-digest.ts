import crypto from "node:crypto";

/**
 * HTTP digest authentication as SIP uses it (RFC 3261 §22.4, RFC 2617, RFC 7616 for SHA-256): the answer
 * to a 401 WWW-Authenticate or 407 Proxy-Authenticate challenge, sent back in Authorization or
 * Proxy-Authorization. qop "auth" when offered (auth-int is not), otherwise the RFC 2069 form.
 */
export type DigestChallenge = {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: string;
  qop?: string;
  stale: boolean;
};

/** The parameters of a Digest challenge or answer (names in lower case), or null when it is not one. */
export function digestParams(value: string): Record<string, string> | null {
  const m = /^\s*Digest\s+(.*)$/is.exec(value);
  if (!m) return null;
  const params: Record<string, string> = {};
  const re = /([a-zA-Z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (let p = re.exec(m[1]!); p; p = re.exec(m[1]!)) params[p[1]!.toLowerCase()] = p[2] ?? p[3] ?? "";
  return params;
}

export function parseChallenge(value: string): DigestChallenge | null {
  const params = digestParams(value);
  if (!params || params.realm === undefined || !params.nonce) return null;
  const algorithm = (params.algorithm ?? "MD5").toUpperCase();
  if (algorithm !== "MD5" && algorithm !== "SHA-256") return null;
  const qops = (params.qop ?? "").split(",").map((q) => q.trim().toLowerCase());
  return {
    realm: params.realm,
    nonce: params.nonce,
    opaque: params.opaque,
    algorithm,
    qop: qops.includes("auth") ? "auth" : undefined,
    stale: (params.stale ?? "").toLowerCase() === "true",
  };
}

type AnswerInput = { username: string; password: string; method: string; uri: string; nc?: number; cnonce?: string };

/** The `response` value (hex) that answers challenge `c` with these credentials. */
export function digestResponse(c: DigestChallenge, o: AnswerInput & { cnonce: string }): string {
  const h = (s: string) =>
    crypto
      .createHash(c.algorithm === "SHA-256" ? "sha256" : "md5")
      .update(s)
      .digest("hex");
  const ha1 = h(`${o.username}:${c.realm}:${o.password}`);
  const ha2 = h(`${o.method}:${o.uri}`);
  return c.qop ? h(`${ha1}:${c.nonce}:${ncText(o.nc)}:${o.cnonce}:${c.qop}:${ha2}`) : h(`${ha1}:${c.nonce}:${ha2}`);
}

const ncText = (nc = 1) => nc.toString(16).padStart(8, "0");

export function digestAuthorization(c: DigestChallenge, o: AnswerInput): string {
  const cnonce = o.cnonce ?? crypto.randomBytes(8).toString("hex");
  const response = digestResponse(c, { ...o, cnonce });
  const q = (s: string) => `"${s.replace(/["\\]/g, "\\$&")}"`;
  const parts = [
    `username=${q(o.username)}`,
    `realm=${q(c.realm)}`,
    `nonce=${q(c.nonce)}`,
    `uri=${q(o.uri)}`,
    `response=${q(response)}`,
    `algorithm=${c.algorithm}`,
  ];
  if (c.opaque !== undefined) parts.push(`opaque=${q(c.opaque)}`);
  if (c.qop) parts.push(`qop=${c.qop}`, `nc=${ncText(o.nc)}`, `cnonce=${q(cnonce)}`);
  return `Digest ${parts.join(", ")}`;
}
