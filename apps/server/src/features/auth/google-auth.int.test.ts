import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { generateKeyPair } from "jose";
import { GOOGLE_TEST_CLIENT_ID, googleIdToken, startFakeGoogleKeys } from "../../../../../tests/support/fake-google.ts";
import { startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

for (const kind of await routeDbKinds()) {
  describe(`Google sign-in (${kind})`, () => {
    let t: TestApp;
    let google: Awaited<ReturnType<typeof startFakeGoogleKeys>>;
    before(async () => {
      google = await startFakeGoogleKeys();
      t = await startTestApp(kind, { env: { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: google.url } });
    });
    after(async () => {
      await t.close();
      await google.close();
    });

    test("a valid ID token signs in a new user with their own organisation, then the same user again", async () => {
      const token = await googleIdToken(google.privateKey, {
        sub: "g-123",
        email: "marie@example.com",
        given_name: "Marie",
        family_name: "Curie",
      });
      const first = await t.request("POST", "/api/auth/google", { body: { token } });
      assert.equal(first.status, 200, first.text);
      assert.ok(first.body.access_token && first.body.refresh_token);
      assert.equal(first.body.organizationName, "Marie's organization");
      const again = await t.request("POST", "/api/auth/google", { body: { token } });
      assert.equal(again.body.user.id, first.body.user.id);
      const cfg = await t.request("GET", "/api/auth/config");
      assert.equal(cfg.body.google_client_id, GOOGLE_TEST_CLIENT_ID);
    });

    test("wrong audience, wrong issuer, expired, or foreign signature are refused", async () => {
      const { privateKey: stranger } = await generateKeyPair("RS256");
      const bad = [
        await googleIdToken(google.privateKey, { sub: "g-1", email: "a@example.com" }, { aud: "someone-else" }),
        await googleIdToken(google.privateKey, { sub: "g-1", email: "a@example.com" }, { iss: "https://evil.example" }),
        await googleIdToken(google.privateKey, { sub: "g-1", email: "a@example.com" }, { exp: "-1m" }),
        await googleIdToken(stranger, { sub: "g-1", email: "a@example.com" }),
        await googleIdToken(google.privateKey, { sub: "g-1", email: "a@example.com", email_verified: false }),
      ];
      for (const token of bad) {
        const res = await t.request("POST", "/api/auth/google", { body: { token } });
        assert.equal(res.status, 401);
        assert.equal(res.body.error.message, "Google authentication failed. Please try again.");
      }
    });
  });
}
