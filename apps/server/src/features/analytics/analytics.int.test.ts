import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Analytics } from "@parley/shared/analytics";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { FIXTURE_NOW, seedAnalyticsFixture } from "../../../../../tests/support/analytics-fixture.ts";

for (const kind of await dbKinds()) {
  describe(`analytics on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let ids: Awaited<ReturnType<typeof seedAnalyticsFixture>>;
    before(async () => {
      t = await startTestApp(kind, { clock: { now: () => FIXTURE_NOW } });
      owner = await buildUser(t);
      ids = await seedAnalyticsFixture(t.db, owner.orgId);
    });
    after(() => t.close());

    const get = async (query: string, token = owner.token): Promise<Analytics> => {
      const res = await t.request("GET", `/api/analytics?${query}`, { token });
      assert.equal(res.status, 200, res.text);
      return res.body as Analytics;
    };

    test("today in UTC: hourly buckets up to now, three calls on 31 March", async () => {
      const a = await get("period=day&timezone=UTC");
      assert.equal(a.from, "2026-03-31T00:00:00.000Z");
      assert.equal(a.buckets.length, 21); // 00:00 … 20:00
      assert.deepEqual(a.totals, { calls: 3, connected: 3, booked: 1, sentiment: { positive: 2, neutral: 1, negative: 0, unrated: 0 } });
      const at19 = a.buckets.find((b) => b.label === "19:00")!;
      assert.deepEqual([at19.calls, at19.booked, at19.sentiment.positive], [1, 1, 1]);
      assert.equal(a.buckets.find((b) => b.label === "10:00")!.sentiment.neutral, 1);
    });

    test("the time zone moves the day, month and quarter: in Kolkata it is already 1 April", async () => {
      const day = await get("period=day&timezone=Asia/Kolkata");
      assert.equal(day.from, "2026-04-01T00:00:00.000+05:30");
      assert.deepEqual(day.buckets.map((b) => [b.label, b.calls]), [["00:00", 1], ["01:00", 0]]);
      const month = await get("period=month&timezone=Asia/Kolkata");
      assert.equal(month.totals.calls, 1);
      assert.deepEqual(month.buckets.map((b) => b.label), ["1 Apr"]);
      const quarter = await get("period=quarter&timezone=Asia/Kolkata");
      assert.equal(quarter.from, "2026-04-01T00:00:00.000+05:30");
      assert.equal(quarter.totals.booked, 1);
    });

    test("this week starts on Sunday: daily buckets 29 to 31 March", async () => {
      const a = await get("period=week&timezone=UTC");
      assert.deepEqual(a.buckets.map((b) => [b.label, b.calls, b.connected]), [["Sun 29", 0, 0], ["Mon 30", 1, 0], ["Tue 31", 3, 3]]);
    });

    test("this month in UTC: sentiment, connect and booking figures per voice and per campaign", async () => {
      const a = await get("period=month&timezone=UTC");
      assert.equal(a.buckets.length, 31);
      assert.deepEqual(a.totals, { calls: 5, connected: 3, booked: 1, sentiment: { positive: 2, neutral: 1, negative: 0, unrated: 2 } });
      assert.deepEqual(a.by_campaign, [
        // Spring: 4 calls, 2 reached a person (the voicemail does not count), latency (600 + 800 + 400) / 3
        { id: ids.spring, name: "Spring", calls: 4, connected: 2, booked: 1, connect_rate: 50, booking_rate: 25, avg_duration_secs: 90, avg_latency_ms: 600 },
        { id: ids.other, name: "Other", calls: 1, connected: 1, booked: 0, connect_rate: 100, booking_rate: 0, avg_duration_secs: 90, avg_latency_ms: null },
      ]);
      assert.deepEqual(a.by_voice.map((v) => [v.id, v.name, v.calls, v.avg_latency_ms]), [["test-voice", "test-voice", 4, 600], [null, "No voice set", 1, null]]);
      assert.deepEqual(a.funnel, [
        { campaign_id: ids.spring, name: "Spring", contacts: 4, dialled: 4, connected: 2, interested: 2, booked: 1 },
        { campaign_id: ids.other, name: "Other", contacts: 1, dialled: 1, connected: 1, interested: 0, booked: 0 },
      ]);
    });

    test("this quarter in UTC: weekly buckets from 1 January (Thursday) and February's call", async () => {
      const a = await get("period=quarter&timezone=UTC");
      assert.equal(a.buckets.length, 14);
      assert.deepEqual([a.buckets[0]!.label, a.buckets[1]!.label, a.buckets.at(-1)!.label], ["1 Jan", "4 Jan", "29 Mar"]);
      assert.equal(a.buckets.find((b) => b.label === "8 Feb")!.sentiment.negative, 1);
      assert.equal(a.buckets.at(-1)!.calls, 4);
      assert.equal(a.totals.calls, 6);
      // Spring's contact 2 was called twice; the funnel counts people, not calls.
      assert.deepEqual(a.funnel[0], { campaign_id: ids.spring, name: "Spring", contacts: 4, dialled: 4, connected: 2, interested: 2, booked: 1 });
      assert.equal(a.by_campaign[0]!.avg_duration_secs, Math.round((120 + 60 + 200) / 3));
    });

    test("one campaign only, and another org's campaign is not found", async () => {
      const a = await get(`period=month&timezone=UTC&campaign_id=${ids.other}`);
      assert.equal(a.totals.calls, 1);
      assert.deepEqual(a.by_campaign.map((c) => c.name), ["Other"]);
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/analytics?period=month&timezone=UTC&campaign_id=${ids.spring}` });
    });

    test("an empty organisation gets zero buckets and no rows, and never sees another org's calls", async () => {
      const empty = await buildUser(t);
      const a = await get("period=quarter&timezone=UTC", empty.token);
      assert.equal(a.buckets.length, 14);
      assert.ok(a.buckets.every((b) => b.calls === 0));
      assert.deepEqual([a.totals.calls, a.by_voice, a.by_campaign, a.funnel], [0, [], [], []]);
    });

    test("bad input gets a clear message", async () => {
      const zone = await t.request("GET", "/api/analytics?period=day&timezone=Mars/Olympus", { token: owner.token });
      assert.equal(zone.status, 400);
      assert.match(zone.body.error.message, /Unknown time zone "Mars\/Olympus"/);
      const period = await t.request("GET", "/api/analytics?period=year", { token: owner.token });
      assert.equal(period.status, 400);
      assert.match(period.body.error.message, /period must be one of day, week, month or quarter/);
    });
  });
}
