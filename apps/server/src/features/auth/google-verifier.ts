import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from "jose";

export type GoogleIdentity = { sub: string; email: string; givenName: string; familyName: string };

/** Verifies a Google ID token's signature (Google's published keys), audience, issuer and expiry. */
export function createGoogleVerifier(opts: { clientId: string; jwksUrl: string }) {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl));
  return async function verifyGoogleToken(token: string): Promise<GoogleIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        audience: opts.clientId,
        issuer: ["https://accounts.google.com", "accounts.google.com"],
      });
      const email = typeof payload.email === "string" ? payload.email : "";
      if (!payload.sub || !email || payload.email_verified !== true) return null;
      const name = typeof payload.name === "string" ? payload.name : email.split("@")[0]!;
      return {
        sub: payload.sub,
        email,
        givenName: typeof payload.given_name === "string" ? payload.given_name : (name.split(" ")[0] ?? name),
        familyName: typeof payload.family_name === "string" ? payload.family_name : "",
      };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  };
}
export type VerifyGoogleToken = ReturnType<typeof createGoogleVerifier>;
