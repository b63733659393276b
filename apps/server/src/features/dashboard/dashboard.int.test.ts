import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { FIXTURE_NOW, seedAnalyticsFixture } from "../../../../../tests/support/analytics-fixture.ts";
import { insertCall } from "../../../../../tests/support/seed.ts";
import { addTeamMember } from "../../../../../tests/support/team-members.ts";

const ZERO = {
  total_campaigns: 0,
  total_leads: 0,
  total_calls: 0,
  total_appointments: 0,
  booking_rate: 0,
  avg_call_duration_seconds: 0,
};

for (const kind of await routeDbKinds()) {
  describe(`dashboard on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind, { clock: { now: () => FIXTURE_NOW } });
      owner = await buildUser(t);
      await seedAnalyticsFixture(t.db, owner.orgId);
    });
    after(() => t.close());

    test("overview counts every channel: 6 calls, 1 booked, connected calls average 118 s", async () => {
      const res = await t.request("GET", "/api/dashboard/overview", { token: owner.token });
      assert.equal(res.status, 200);
      // avg over connected calls (not voicemail, not unanswered): (120 + 60 + 200 + 90) / 4 = 117.5
      assert.deepEqual(res.body, {
        total_campaigns: 3,
        total_leads: 6,
        total_calls: 6,
        total_appointments: 1,
        booking_rate: 16.7,
        avg_call_duration_seconds: 118,
      });
    });

    test("channel metrics: all_channels without a channel, voice with calls, email and whatsapp without", async () => {
      const all = await t.request("GET", "/api/dashboard/channel-metrics", { token: owner.token });
      assert.equal(all.status, 200);
      assert.deepEqual(Object.keys(all.body.metrics), ["all_channels"]);
      assert.equal(all.body.metrics.all_channels.total_calls, 6);

      const voice = await t.request("GET", "/api/dashboard/channel-metrics?channel=voice", { token: owner.token });
      assert.deepEqual(voice.body, {
        channel: "voice",
        metrics: {
          voice: {
            total_campaigns: 2,
            total_leads: 5,
            total_calls: 6,
            total_appointments: 1,
            booking_rate: 16.7,
            avg_call_duration_seconds: 118,
          },
        },
      });
      const email = await t.request("GET", "/api/dashboard/channel-metrics?channel=email", { token: owner.token });
      assert.deepEqual(email.body.metrics.email, { ...ZERO, total_campaigns: 1, total_leads: 1 });
      const whatsapp = await t.request("GET", "/api/dashboard/channel-metrics?channel=whatsapp", {
        token: owner.token,
      });
      assert.deepEqual(whatsapp.body.metrics.whatsapp, ZERO);
    });

    test("an unknown channel is refused with a clear message", async () => {
      const res = await t.request("GET", "/api/dashboard/channel-metrics?channel=fax", { token: owner.token });
      assert.equal(res.status, 400);
      assert.match(res.body.error.message, /channel must be one of voice, email or whatsapp/);
    });

    test("conversation minutes: the balance the dialer left, what its calls were charged, and the sum", async () => {
      const res = await t.request("GET", "/api/dashboard/conversation-minutes", { token: owner.token });
      assert.equal(res.status, 200);
      // Charged (dialer) calls: 120 s → 2 min, 60 s → 1 min; manual calls are not charged.
      assert.deepEqual(res.body, { remaining_minutes: 997, used_minutes: 3, total_minutes: 1000 });
    });

    test("an empty organisation sees zeros and the starting balance", async () => {
      const empty = await buildUser(t);
      const overview = await t.request("GET", "/api/dashboard/overview", { token: empty.token });
      assert.deepEqual(overview.body, ZERO);
      const minutes = await t.request("GET", "/api/dashboard/conversation-minutes", { token: empty.token });
      const trial = t.config.trialMinutes; // a new organisation starts with TRIAL_MINUTES
      assert.deepEqual(minutes.body, { remaining_minutes: trial, used_minutes: 0, total_minutes: trial });
    });

    test("the figures are the caller's organisation's only; without a token every endpoint is 401", async () => {
      // Org-wide aggregates have no record to 404 on: another org must see its own (empty) figures.
      const stranger = await buildUser(t);
      for (const path of [
        "/api/dashboard/overview",
        "/api/dashboard/channel-metrics?channel=voice",
        "/api/dashboard/conversation-minutes",
      ]) {
        const theirs = await t.request("GET", path, { token: stranger.token });
        assert.equal(theirs.status, 200);
        assert.ok(!theirs.text.includes('"total_calls":6'), `${path} leaked the owner's calls`);
        assert.equal((await t.request("GET", path)).status, 401);
      }
      const minutes = await t.request("GET", "/api/dashboard/conversation-minutes", { token: stranger.token });
      assert.equal(minutes.body.used_minutes, 0);
      const voice = await t.request("GET", "/api/dashboard/channel-metrics?channel=voice", { token: stranger.token });
      assert.deepEqual(voice.body.metrics.voice, ZERO);
    });
  });
}

for (const kind of await routeDbKinds()) {
  describe(`dashboard capacity on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind);
      owner = await buildUser(t);
    });
    after(() => t.close());

    test("admins see their calls on the line and what the live dialing processes carry; members do not", async () => {
      const other = await buildUser(t);
      await insertCall(t.db, owner.orgId, {});
      await insertCall(t.db, other.orgId, {});
      const none = await t.request("GET", "/api/dashboard/capacity", { token: owner.token });
      assert.deepEqual(none.body, { calls_in_progress: 1, servers: null });
      const report = (id: string, live: number, capacity: number, ageMs: number) =>
        t.db.query(
          `insert into worker_capacity (worker_id, host, cores, live_calls, capacity, reported_at)
           values ($1, 'h', 2, $2, $3, $4)`,
          [id, live, capacity, new Date(Date.now() - ageMs)],
        );
      await report("a", 2, 4, 1000);
      await report("b", 4, 4, 2000);
      await report("dead", 9, 9, 120_000); // silent for two minutes: not counted
      const res = await t.request("GET", "/api/dashboard/capacity", { token: owner.token });
      assert.deepEqual(res.body, { calls_in_progress: 1, servers: { processes: 2, capacity: 8, free: 2 } });
      const member = await addTeamMember(t, owner, "member");
      assert.equal((await t.request("GET", "/api/dashboard/capacity", { token: member.token })).status, 403);
    });
  });
}
