import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from "jose";
import { startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";

const CLIENT_ID = "parley-test.apps.googleusercontent.com";

/** A stand-in for Google's published keys: a JWKS endpoint on loopback with our own RSA key. */
async function startFakeGoogle() {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const server = http.createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  return { url, privateKey, close: () => new Promise((r) => server.close(r)) };
}

function idToken(key: CryptoKey, claims: Record<string, unknown>, opts: { aud?: string; iss?: string; exp?: string } = {}) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer(opts.iss ?? "https://accounts.google.com")
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? "5m")
    .sign(key);
}

for (const kind of await dbKinds()) {
  describe(`Google sign-in (${kind})`, () => {
    let t: TestApp;
    let google: Awaited<ReturnType<typeof startFakeGoogle>>;
    before(async () => {
      google = await startFakeGoogle();
      t = await startTestApp(kind, { env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.url } });
    });
    after(async () => {
      await t.close();
      await google.close();
    });

    test("a valid ID token signs in a new user with their own organisation, then the same user again", async () => {
      const token = await idToken(google.privateKey, { sub: "g-123", email: "marie@example.com", given_name: "Marie", family_name: "Curie" });
      const first = await t.request("POST", "/api/auth/google", { body: { token } });
      assert.equal(first.status, 200, first.text);
      assert.ok(first.body.access_token && first.body.refresh_token);
      assert.equal(first.body.organizationName, "Marie's organization");
      const again = await t.request("POST", "/api/auth/google", { body: { token } });
      assert.equal(again.body.user.id, first.body.user.id);
      const cfg = await t.request("GET", "/api/auth/config");
      assert.equal(cfg.body.google_client_id, CLIENT_ID);
    });

    test("wrong audience, wrong issuer, expired, or foreign signature are refused", async () => {
      const { privateKey: stranger } = await generateKeyPair("RS256");
      const bad = [
        await idToken(google.privateKey, { sub: "g-1", email: "a@example.com" }, { aud: "someone-else" }),
        await idToken(google.privateKey, { sub: "g-1", email: "a@example.com" }, { iss: "https://evil.example" }),
        await idToken(google.privateKey, { sub: "g-1", email: "a@example.com" }, { exp: "-1m" }),
        await idToken(stranger, { sub: "g-1", email: "a@example.com" }),
        await idToken(google.privateKey, { sub: "g-1", email: "a@example.com", email_verified: false }),
      ];
      for (const token of bad) {
        const res = await t.request("POST", "/api/auth/google", { body: { token } });
        assert.equal(res.status, 401);
        assert.equal(res.body.error.message, "Google authentication failed. Please try again.");
      }
    });
  });
}
