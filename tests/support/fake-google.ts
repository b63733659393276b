import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from "jose";

export const GOOGLE_TEST_CLIENT_ID = "parley-test.apps.googleusercontent.com";
const KID = "test-key";

/** Google's published keys, played by a JWKS endpoint on loopback with our own RSA key. */
export async function startFakeGoogleKeys() {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: "RS256", use: "sig" };
  const server = http.createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  return { url, privateKey, close: () => new Promise((r) => server.close(r)) };
}

/** An ID token as Google signs it; `opts` breaks one claim at a time for the refusal tests. */
export function googleIdToken(
  key: CryptoKey,
  claims: Record<string, unknown>,
  opts: { aud?: string; iss?: string; exp?: string } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: KID })
    .setIssuer(opts.iss ?? "https://accounts.google.com")
    .setAudience(opts.aud ?? GOOGLE_TEST_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? "5m")
    .sign(key);
}
