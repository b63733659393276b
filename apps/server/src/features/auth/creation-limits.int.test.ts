import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, registration, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

// Low limits, and 127.0.0.1 trusted as a proxy so X-Forwarded-For plays clients at other addresses.
const ENV = { SIGNUP_LIMIT_PER_HOUR: "3", ORG_CREATE_LIMIT_PER_HOUR: "2", TRUST_PROXY: "127.0.0.1" };

for (const kind of await routeDbKinds()) {
  describe(`sign-up and organisation-creation limits (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind, { env: ENV });
    });
    after(() => t.close());

    const register = (from: string, n: string, extra: Record<string, string> = {}) =>
      t.request("POST", "/api/auth/register", {
        headers: { "x-forwarded-for": from },
        body: { ...registration(n), ...extra },
      });

    test("an address may create 3 accounts an hour, the 4th is a 429; failed sign-ups do not count", async () => {
      const from = "198.51.100.1";
      assert.equal((await register(from, "a1")).status, 201);
      assert.equal((await register(from, "a2", { email: "ada.a1@example.com" })).status, 409); // duplicate: not counted
      assert.equal((await register(from, "a2")).status, 201);
      assert.equal((await register(from, "a3")).status, 201);
      const refused = await register(from, "a4");
      assert.equal(refused.status, 429);
      assert.equal(refused.body.error.code, "rate_limited");
      assert.match(
        refused.body.error.message,
        /^Too many accounts were created from your network\. Please try again in \d+ minutes\.$/,
      );
      assert.ok(refused.body.error.requestId);
      assert.ok(Number(refused.headers.get("retry-after")) > 3000);
      // Another address is not affected.
      assert.equal((await register("198.51.100.2", "b1")).status, 201);
    });

    test("simultaneous sign-ups from one address cannot pass the limit", async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => register("198.51.100.3", `c${i}`)));
      assert.equal(answers.filter((a) => a.status === 201).length, 3);
      assert.equal(answers.filter((a) => a.status === 429).length, 5);
    });

    test("a user may create 2 organisations an hour, from any address", async () => {
      const u = await buildUser(t);
      const create = (from: string, name: string) =>
        t.request("POST", "/api/organizations", {
          token: u.token,
          headers: { "x-forwarded-for": from },
          body: { name },
        });
      assert.equal((await create("198.51.100.4", "Org One")).status, 201);
      assert.equal((await create("198.51.100.5", "Org Two")).status, 201);
      const refused = await create("198.51.100.6", "Org Three");
      assert.equal(refused.status, 429);
      assert.equal(refused.body.error.code, "rate_limited");
      assert.match(
        refused.body.error.message,
        /^You have created too many organizations\. Please try again in \d+ minutes\.$/,
      );
      // Another user is not affected.
      const other = await buildUser(t);
      const theirs = await t.request("POST", "/api/organizations", { token: other.token, body: { name: "Their Org" } });
      assert.equal(theirs.status, 201);
    });
  });
}
