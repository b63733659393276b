import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Analytics } from "@parley/shared/analytics";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { FIXTURE_NOW, seedAnalyticsFixture } from "../../../../../tests/support/analytics-fixture.ts";
import { insertCall, insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

for (const kind of await routeDbKinds()) {
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
      assert.deepEqual(a.totals, {
        calls: 3,
        connected: 3,
        booked: 1,
        sentiment: { positive: 2, neutral: 1, negative: 0, unrated: 0 },
      });
      const at19 = a.buckets.find((b) => b.label === "19:00")!;
      assert.deepEqual([at19.calls, at19.booked, at19.sentiment.positive], [1, 1, 1]);
      assert.equal(a.buckets.find((b) => b.label === "10:00")!.sentiment.neutral, 1);
    });

    test("the time zone moves the day, month and quarter: in Kolkata it is already 1 April", async () => {
      const day = await get("period=day&timezone=Asia/Kolkata");
      assert.equal(day.from, "2026-04-01T00:00:00.000+05:30");
      assert.deepEqual(
        day.buckets.map((b) => [b.label, b.calls]),
        [
          ["00:00", 1],
          ["01:00", 0],
        ],
      );
      const month = await get("period=month&timezone=Asia/Kolkata");
      assert.equal(month.totals.calls, 1);
      assert.deepEqual(
        month.buckets.map((b) => b.label),
        ["1 Apr"],
      );
      const quarter = await get("period=quarter&timezone=Asia/Kolkata");
      assert.equal(quarter.from, "2026-04-01T00:00:00.000+05:30");
      assert.equal(quarter.totals.booked, 1);
    });

    test("this week starts on Sunday: daily buckets 29 to 31 March", async () => {
      const a = await get("period=week&timezone=UTC");
      assert.deepEqual(
        a.buckets.map((b) => [b.label, b.calls, b.connected]),
        [
          ["Sun 29", 0, 0],
          ["Mon 30", 1, 0],
          ["Tue 31", 3, 3],
        ],
      );
    });

    test("this month in UTC: sentiment, connect and booking figures per voice and per campaign", async () => {
      const a = await get("period=month&timezone=UTC");
      assert.equal(a.buckets.length, 31);
      assert.deepEqual(a.totals, {
        calls: 5,
        connected: 3,
        booked: 1,
        sentiment: { positive: 2, neutral: 1, negative: 0, unrated: 2 },
      });
      assert.deepEqual(a.by_campaign, [
        // Spring: 4 calls, 2 reached a person (the voicemail does not count), latency (600 + 800 + 400) / 3
        {
          id: ids.spring,
          name: "Spring",
          calls: 4,
          connected: 2,
          booked: 1,
          connect_rate: 50,
          booking_rate: 25,
          avg_duration_secs: 90,
          avg_latency_ms: 600,
        },
        {
          id: ids.other,
          name: "Other",
          calls: 1,
          connected: 1,
          booked: 0,
          connect_rate: 100,
          booking_rate: 0,
          avg_duration_secs: 90,
          avg_latency_ms: null,
        },
      ]);
      assert.deepEqual(
        a.by_voice.map((v) => [v.id, v.name, v.calls, v.avg_latency_ms]),
        [
          ["test-voice", "test-voice", 4, 600],
          [null, "No voice set", 1, null],
        ],
      );
      // The funnel follows the contacts first dialled this month (Spring's contact 2 was first called in February).
      assert.deepEqual(a.funnel, [
        { campaign_id: ids.spring, name: "Spring", contacts: 4, dialled: 3, connected: 1, interested: 1, booked: 1 },
        { campaign_id: ids.other, name: "Other", contacts: 1, dialled: 1, connected: 1, interested: 0, booked: 0 },
      ]);
    });

    test("this quarter in UTC: weekly buckets from 1 January (Thursday) and February's call", async () => {
      const a = await get("period=quarter&timezone=UTC");
      assert.equal(a.buckets.length, 14);
      assert.deepEqual(
        [a.buckets[0]!.label, a.buckets[1]!.label, a.buckets.at(-1)!.label],
        ["1 Jan", "4 Jan", "29 Mar"],
      );
      assert.equal(a.buckets.find((b) => b.label === "8 Feb")!.sentiment.negative, 1);
      assert.equal(a.buckets.at(-1)!.calls, 4);
      assert.equal(a.totals.calls, 6);
      // Spring's contact 2 was called twice (February, then March: reached both
      // times, keen the second); the funnel counts people, not calls.
      assert.deepEqual(a.funnel[0], {
        campaign_id: ids.spring,
        name: "Spring",
        contacts: 4,
        dialled: 4,
        connected: 2,
        interested: 2,
        booked: 1,
      });
      assert.equal(a.by_campaign[0]!.avg_duration_secs, Math.round((120 + 60 + 200) / 3));
    });

    test("one campaign only, and another org's campaign is not found", async () => {
      const a = await get(`period=month&timezone=UTC&campaign_id=${ids.other}`);
      assert.equal(a.totals.calls, 1);
      assert.deepEqual(
        a.by_campaign.map((c) => c.name),
        ["Other"],
      );
      await assertOrgIsolation(t, owner, {
        method: "GET",
        path: `/api/analytics?period=month&timezone=UTC&campaign_id=${ids.spring}`,
      });
    });

    test("an empty organisation gets zero buckets and no rows, and never sees another org's calls", async () => {
      const empty = await buildUser(t);
      const a = await get("period=quarter&timezone=UTC", empty.token);
      assert.equal(a.buckets.length, 14);
      assert.ok(a.buckets.every((b) => b.calls === 0));
      assert.deepEqual([a.totals.calls, a.by_voice, a.by_campaign, a.funnel], [0, [], [], []]);
    });

    // The figures come from call_rollups (0200), kept by triggers as calls change: after a call's whole life
    // (started, answered, rated, moved, tried in the browser, deleted) they equal a fresh count of the calls.
    test("the rollups follow every change to the calls and equal a recount of them", async () => {
      const org = (await buildUser(t)).orgId;
      const campaignId = await insertCampaign(t.db, org, { name: "Life" });
      const latency = JSON.stringify([{ endOfSpeech: 1000, firstFrameSent: 1700 }, { endOfSpeech: 5000 }]);
      const a = await insertCall(t.db, org, { campaign_id: campaignId, started_at: "2026-03-31T10:07:00Z" });
      await insertCall(t.db, org, {
        lead_phone: "+14155550101",
        status: "completed",
        started_at: "2026-03-31T10:20:00Z",
        direction: "WEB",
      });
      const b = await insertCall(t.db, org, {
        campaign_id: campaignId,
        lead_phone: "+14155550102",
        status: "completed",
        started_at: "2026-03-30T09:00:00Z",
        answered_at: "2026-03-30T09:00:05Z",
        outcome: "voicemail",
      });
      await t.db.query(
        "update calls set answered_at = started_at + interval '4 seconds', transcript = '[]' where id = $1",
        [a],
      );
      await t.db.query(
        `update calls set status = 'completed', outcome = 'scheduled', sentiment = 'positive', duration_secs = 130,
          latency = $2::jsonb where id = $1`,
        [a, latency],
      );
      await t.db.query("update calls set summary = 'A transcript turn changes nothing counted' where id = $1", [a]);
      await t.db.query("update calls set campaign_id = null, started_at = '2026-03-29T23:59:59Z' where id = $1", [b]);
      const gone = await insertCall(t.db, org, {
        campaign_id: campaignId,
        lead_phone: "+14155550103",
        status: "completed",
        started_at: "2026-03-31T10:08:00Z",
      });
      await t.db.query("delete from calls where id = $1", [gone]);

      const stored = await t.db.query(
        `select slot::text, campaign_key::text, calls, connected, booked, positive, neutral, negative, unrated,
          connected_secs::int, gap_total, gap_n
           from call_rollups where org_id = $1 and calls <> 0 order by slot, campaign_key`,
        [org],
      );
      assert.deepEqual(stored, [
        // the voicemail, moved to the 29th and out of its campaign: a call, not a connection
        {
          slot: String(Date.parse("2026-03-29T23:45:00Z") / 900_000),
          campaign_key: "00000000-0000-0000-0000-000000000000",
          calls: 1,
          connected: 0,
          booked: 0,
          positive: 0,
          neutral: 0,
          negative: 0,
          unrated: 1,
          connected_secs: 0,
          gap_total: 0,
          gap_n: 0,
        },
        // the booked call; the deleted one and the browser test call count for nothing
        {
          slot: String(Date.parse("2026-03-31T10:00:00Z") / 900_000),
          campaign_key: campaignId,
          calls: 1,
          connected: 1,
          booked: 1,
          positive: 1,
          neutral: 0,
          negative: 0,
          unrated: 0,
          connected_secs: 130,
          gap_total: 700,
          gap_n: 1,
        },
      ]);
    });

    test("funnel rollups follow a contact from its first dial, and an earlier call found later moves it", async () => {
      const org = (await buildUser(t)).orgId;
      const campaignId = await insertCampaign(t.db, org, { name: "Funnel" });
      const contactId = await insertContact(t.db, org, campaignId, { phone_e164: "+14155550200" });
      const call = (at: string, outcome: string) =>
        insertCall(t.db, org, {
          campaign_id: campaignId,
          contact_id: contactId,
          lead_phone: "+14155550200",
          status: "completed",
          started_at: at,
          ...(outcome ? { answered_at: new Date(Date.parse(at) + 3000), outcome } : {}),
        });
      const funnel = () =>
        t.db.query(
          `select slot::text, dialled, connected, interested, booked from funnel_rollups where org_id = $1
            and dialled <> 0 order by slot`,
          [org],
        );
      const slot = (at: string) => String(Date.parse(at) / 900_000);
      await call("2026-03-10T09:00:00Z", "");
      await call("2026-03-12T09:00:00Z", "scheduled");
      assert.deepEqual(await funnel(), [
        { slot: slot("2026-03-10T09:00:00Z"), dialled: 1, connected: 1, interested: 1, booked: 1 },
      ]);
      await call("2026-02-01T09:00:00Z", "not_interested");
      assert.deepEqual(await funnel(), [
        { slot: slot("2026-02-01T09:00:00Z"), dialled: 1, connected: 1, interested: 1, booked: 1 },
      ]);
      await t.db.query("delete from campaigns where id = $1", [campaignId]);
      assert.deepEqual(await funnel(), []);
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
