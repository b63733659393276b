import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

const NOW = new Date("2030-03-15T12:00:00Z");

for (const kind of await routeDbKinds()) {
  describe(`calendar ICS feed (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind, { clock: { now: () => NOW } });
    });
    after(() => t.close());

    test("a secret URL serves the org's meetings as RFC 5545; rotating or revoking kills the old URL", async () => {
      const u = await buildUser(t);
      const other = await buildUser(t);
      assert.deepEqual((await t.request("GET", "/api/calendar/feed", { token: u.token })).body, {
        active: false,
        created_at: null,
      });
      const ev = await t.request("POST", "/api/calendar/events", {
        token: u.token,
        body: {
          title: "Pricing call, Acme; round 2",
          start_time: "2030-03-20T15:00:00Z",
          end_time: "2030-03-20T15:30:00Z",
          location: "HQ",
          description: "Bring the deck",
        },
      });
      await t.request("POST", "/api/calendar/events", {
        token: other.token,
        body: { title: "Not yours", start_time: "2030-03-20T15:00:00Z", end_time: "2030-03-20T16:00:00Z" },
      });

      const created = await t.request("POST", "/api/calendar/feed", { token: u.token });
      assert.equal(created.status, 201);
      const url = new URL(created.body.url);
      assert.match(url.pathname, /^\/api\/calendar\/feed\/[A-Za-z0-9_-]{32}\.ics$/);
      assert.equal((await t.request("GET", "/api/calendar/feed", { token: u.token })).body.active, true);

      const feed = await t.request("GET", url.pathname); // no token: calendar apps send none
      assert.equal(feed.status, 200);
      assert.match(feed.headers.get("content-type") ?? "", /^text\/calendar/);
      const lines = feed.text.split("\r\n");
      assert.equal(lines[0], "BEGIN:VCALENDAR");
      assert.ok(lines.includes(`UID:${ev.body.event.id}@127.0.0.1`));
      assert.ok(lines.includes("DTSTART:20300320T150000Z"));
      assert.ok(lines.includes("DTEND:20300320T153000Z"));
      assert.ok(lines.includes("SUMMARY:Pricing call\\, Acme\\; round 2"));
      assert.ok(lines.includes("LOCATION:HQ"));
      assert.ok(lines.includes("STATUS:CONFIRMED"));
      assert.ok(!feed.text.includes("Not yours"), "only this org's meetings");

      await t.request("DELETE", `/api/calendar/events/${ev.body.event.id}`, { token: u.token });
      assert.ok(
        (await t.request("GET", url.pathname)).text.includes("STATUS:CANCELLED"),
        "subscribers learn of cancellations",
      );

      const rotated = await t.request("POST", "/api/calendar/feed", { token: u.token });
      assert.notEqual(rotated.body.url, created.body.url);
      assert.equal((await t.request("GET", url.pathname)).status, 404, "the old URL dies on rotation");
      const newPath = new URL(rotated.body.url).pathname;
      assert.equal((await t.request("GET", newPath)).status, 200);

      const revoked = await t.request("DELETE", "/api/calendar/feed", { token: u.token });
      assert.deepEqual(revoked.body, { active: false, created_at: null });
      assert.equal((await t.request("GET", newPath)).status, 404);
      assert.equal((await t.request("GET", "/api/calendar/feed/guess.ics")).status, 404);
      assert.equal((await t.request("POST", "/api/calendar/feed")).status, 401);
    });
  });
}
