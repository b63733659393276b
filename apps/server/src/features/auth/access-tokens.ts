import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { Role } from "@parley/shared/auth";

/** `sessionId`: the sign-in session (refresh-token family) the token belongs to; logout closes it. */
export type AccessClaims = { userId: string; orgId: string; role: Role; sessionId: string };

/** Short-lived HS256 access tokens; the secret is per instance (config or the database). */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ org: claims.orgId, role: claims.role, sid: claims.sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setIssuer("parley")
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Null for any token that is not ours, expired or malformed. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: "parley", algorithms: ["HS256"] });
        // A token without a session cannot be logged out: refused (the client refreshes it).
        if (typeof payload.sub !== "string" || typeof payload.org !== "string" || typeof payload.sid !== "string")
          return null;
        const role = payload.role;
        if (role !== "owner" && role !== "admin" && role !== "member") return null;
        return { userId: payload.sub, orgId: payload.org, role, sessionId: payload.sid };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
