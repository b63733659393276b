import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

for (const kind of await routeDbKinds()) {
  describe(`auth over HTTP (${kind})`, () => {
    let t: TestApp;
    const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
    before(async () => {
      t = await startTestApp(kind, { clock });
    });
    after(() => t.close());

    test("register, sign in with email or username, read /me", async () => {
      const u = await buildUser(t, { organization_name: "Bright Homes Realty" });
      assert.equal(u.orgSlug, "bright-homes-realty");
      const byEmail = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: u.email.toUpperCase(), password: u.password, refresh: true },
      });
      assert.equal(byEmail.status, 200);
      assert.equal(byEmail.body.user.organization_slug_name, "bright-homes-realty");
      assert.equal(byEmail.body.organizationName, "Bright Homes Realty");
      assert.ok(byEmail.body.refresh_token);
      const me = await t.request("GET", "/api/auth/me", { token: u.token });
      assert.equal(me.status, 200);
      assert.equal(me.body.user.role, "owner");
      assert.equal(me.body.user.email, u.email);
    });

    test("a second organisation with the same name gets its own slug", async () => {
      const a = await buildUser(t, { organization_name: "Same Name Co" });
      const b = await buildUser(t, { organization_name: "Same Name Co" });
      assert.equal(a.orgSlug, "same-name-co");
      assert.equal(b.orgSlug, "same-name-co-2");
    });

    test("register rejects bad input with field messages and duplicates with 409", async () => {
      const u = await buildUser(t);
      const dupEmail = await t.request("POST", "/api/auth/register", {
        body: { ...validRegistration("x1"), email: u.email },
      });
      assert.equal(dupEmail.status, 409);
      assert.equal(dupEmail.body.error.message, "An account with this email already exists.");
      const dupUser = await t.request("POST", "/api/auth/register", {
        body: { ...validRegistration("x2"), username: u.username.toUpperCase() },
      });
      assert.equal(dupUser.status, 409);
      assert.equal(dupUser.body.error.message, "This username is already taken.");

      const mismatch = await t.request("POST", "/api/auth/register", {
        body: { ...validRegistration("x3"), confirm_password: "something else" },
      });
      assert.equal(mismatch.status, 400);
      assert.equal(mismatch.body.error.code, "validation_failed");
      assert.ok(mismatch.body.error.details.some((d: { message: string }) => d.message === "Passwords do not match."));

      const missing = await t.request("POST", "/api/auth/register", {
        body: { ...validRegistration("x4"), organization_address: " " },
      });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.error.details[0].path, "organization_address");

      const badSite = await t.request("POST", "/api/auth/register", {
        body: { ...validRegistration("x5"), organization_website: "acme.com" },
      });
      assert.equal(badSite.status, 400);
      assert.equal(badSite.body.error.message, "Please enter a valid website URL (include http:// or https://).");
    });

    test("wrong password answers 401 with the standard error shape", async () => {
      const u = await buildUser(t);
      const res = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: u.username, password: "nope", refresh: true },
      });
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, "unauthenticated");
      assert.equal(res.body.error.message, "Invalid email/username or password.");
      assert.ok(res.body.error.requestId);
    });

    test("repeated failures lock the account with 429, even for the right password", async () => {
      const u = await buildUser(t);
      for (let i = 0; i < 5; i++) {
        const r = await t.request("POST", "/api/auth/login", {
          body: { email_or_username: u.username, password: `wrong${i}`, refresh: true },
        });
        assert.equal(r.status, 401);
      }
      const locked = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: u.username, password: u.password, refresh: true },
      });
      assert.equal(locked.status, 429);
      assert.match(
        locked.body.error.message,
        /Too many failed sign-in attempts\. Please wait 1 minute and try again\./,
      );
      assert.ok(Number(locked.headers.get("retry-after")) > 0);
    });

    test("refresh rotates; reusing a spent refresh token revokes the whole family", async () => {
      const u = await buildUser(t);
      const first = await t.request("POST", "/api/auth/refresh", { body: { refresh_token: u.refreshToken } });
      assert.equal(first.status, 200);
      const next = first.body.refresh_token as string;
      assert.notEqual(next, u.refreshToken);
      assert.equal((await t.request("POST", "/api/auth/refresh", { body: { refresh_token: next } })).status, 200);

      // The legitimate holder has moved on, so a replay of the first token is a thief's, however soon.
      const replay = await t.request("POST", "/api/auth/refresh", { body: { refresh_token: u.refreshToken } });
      assert.equal(replay.status, 401);
      const anyToken = await t.request("POST", "/api/auth/refresh", { body: { refresh_token: next } });
      assert.equal(anyToken.status, 401, "the whole family is revoked");
    });

    test("a refresh whose answer was lost (reload mid-refresh, two tabs at once) may be repeated in 30 s", async () => {
      const u = await buildUser(t);
      const lost = await t.request("POST", "/api/auth/refresh", { body: { refresh_token: u.refreshToken } });
      const again = await t.request("POST", "/api/auth/refresh", { body: { refresh_token: u.refreshToken } });
      assert.equal(again.status, 200);
      assert.notEqual(again.body.refresh_token, lost.body.refresh_token);
      assert.equal((await t.request("GET", "/api/auth/me", { token: again.body.access_token })).status, 200);
      assert.equal(
        (await t.request("POST", "/api/auth/refresh", { body: { refresh_token: again.body.refresh_token } })).status,
        200,
      );

      const late = await buildUser(t);
      await t.request("POST", "/api/auth/refresh", { body: { refresh_token: late.refreshToken } });
      clock.offsetMs = 31_000;
      try {
        const replay = await t.request("POST", "/api/auth/refresh", { body: { refresh_token: late.refreshToken } });
        assert.equal(replay.status, 401);
        assert.equal(
          (await t.request("GET", "/api/auth/me", { token: late.token })).status,
          401,
          "past the grace, a replay revokes the session",
        );
      } finally {
        clock.offsetMs = 0;
      }
    });

    test("logout revokes the refresh token", async () => {
      const u = await buildUser(t);
      const out = await t.request("POST", "/api/auth/logout", { body: { refresh_token: u.refreshToken } });
      assert.equal(out.status, 204);
      const res = await t.request("POST", "/api/auth/refresh", { body: { refresh_token: u.refreshToken } });
      assert.equal(res.status, 401);
    });

    test("logout ends the access token too, at once", async () => {
      const u = await buildUser(t);
      assert.equal((await t.request("GET", "/api/auth/me", { token: u.token })).status, 200);
      // The web app sends its refresh token in the body and its access token as the bearer.
      const out = await t.request("POST", "/api/auth/logout", {
        token: u.token,
        body: { refresh_token: u.refreshToken },
      });
      assert.equal(out.status, 204);
      const after = await t.request("GET", "/api/auth/me", { token: u.token });
      assert.equal(after.status, 401);
      assert.equal(after.body.error.code, "unauthenticated");

      // A session signed in without a refresh token is closed by its access token alone; other sessions live on.
      const again = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: u.username, password: u.password, refresh: false },
      });
      const other = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: u.email, password: u.password, refresh: true },
      });
      assert.equal(again.body.refresh_token, null);
      assert.equal((await t.request("POST", "/api/auth/logout", { token: again.body.access_token })).status, 204);
      assert.equal((await t.request("GET", "/api/auth/me", { token: again.body.access_token })).status, 401);
      assert.equal((await t.request("GET", "/api/auth/me", { token: other.body.access_token })).status, 200);

      // Logging out with the refresh token only also ends the access tokens of its session.
      assert.equal(
        (await t.request("POST", "/api/auth/logout", { body: { refresh_token: other.body.refresh_token } })).status,
        204,
      );
      assert.equal((await t.request("GET", "/api/auth/me", { token: other.body.access_token })).status, 401);
    });

    test("a refreshed access token belongs to the same session and dies with it", async () => {
      const u = await buildUser(t);
      const next = await t.request("POST", "/api/auth/refresh", { body: { refresh_token: u.refreshToken } });
      assert.equal((await t.request("GET", "/api/auth/me", { token: next.body.access_token })).status, 200);
      await t.request("POST", "/api/auth/logout", { body: { refresh_token: next.body.refresh_token } });
      assert.equal((await t.request("GET", "/api/auth/me", { token: next.body.access_token })).status, 401);
      assert.equal((await t.request("GET", "/api/auth/me", { token: u.token })).status, 401);
    });

    test("protected endpoints need a valid token", async () => {
      assert.equal((await t.request("GET", "/api/auth/me")).status, 401);
      const forged = await t.request("GET", "/api/auth/me", { token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." });
      assert.equal(forged.status, 401);
      assert.equal(forged.body.error.code, "unauthenticated");
    });

    test("Google sign-in answers that it is not configured", async () => {
      const cfg = await t.request("GET", "/api/auth/config");
      assert.deepEqual(cfg.body, { google_client_id: null });
      const res = await t.request("POST", "/api/auth/google", { body: { token: "abc" } });
      assert.equal(res.status, 501);
      assert.equal(res.body.error.message, "Google sign-in is not configured.");
    });

    test("health, unknown API path, security headers", async () => {
      const health = await t.request("GET", "/api/health");
      // The readiness checks themselves are health.int.test.ts's; here the answer's shape and the headers.
      assert.equal(health.status, 200);
      assert.equal(health.body.status, "ok");
      assert.equal(health.body.telephony, "simulated");
      assert.deepEqual(Object.keys(health.body.checks).sort(), ["database", "storage"]);
      assert.ok(health.headers.get("content-security-policy"));
      assert.equal(health.headers.get("x-content-type-options"), "nosniff");
      // No page may be framed, not even by Parley itself (clickjacking).
      assert.match(health.headers.get("content-security-policy") ?? "", /(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
      assert.equal(health.headers.get("x-frame-options"), "DENY");
      const missing = await t.request("GET", "/api/nope");
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error.code, "not_found");
      const cors = await t.request("OPTIONS", "/api/health", {
        headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
      });
      assert.equal(cors.headers.get("access-control-allow-origin"), null);
    });

    test("the OpenAPI document is generated from the shared schemas", async () => {
      const doc = await t.request("GET", "/api/openapi.json");
      assert.equal(doc.status, 200);
      assert.ok(doc.body.paths["/api/auth/login"].post.requestBody);
      assert.ok(doc.body.paths["/api/organizations"].get);
    });

    test("oversized JSON bodies are refused with 413", async () => {
      const res = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: "x".repeat(2_000_000), password: "y" },
      });
      assert.equal(res.status, 413);
      assert.equal(res.body.error.code, "payload_too_large");
    });
  });
}

function validRegistration(n: string) {
  return {
    first_name: "Grace",
    last_name: "Hopper",
    email: `grace.${n}@example.com`,
    username: `grace_${n}`,
    phone: "+14155550999",
    password: "a long password",
    confirm_password: "a long password",
    organization_name: `Navy ${n}`,
    organization_contact_email: `navy.${n}@example.com`,
    organization_contact_phone: "+14155550998",
    organization_address: "Arlington, VA",
    auth_provider: "password",
  };
}
