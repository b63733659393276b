import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { openPglite, openPostgres, type Db, type Queryable } from "../../platform/db.ts";
import { migrate } from "../../platform/migrate.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { FIXTURE_NOW, seedAnalyticsFixture } from "../../../../../tests/support/analytics-fixture.ts";
import { createDashboardRepo } from "./dashboard.repo.ts";
import { insertCall, insertCampaign, type CallSeed } from "../../../../../tests/support/seed.ts";

/** The dashboard's figures as defined, counted from the calls and contacts (what the repo read before 0230). */
async function recount(db: Queryable, orgId: string, channel: string | null = null) {
  const [row] = await db.query<{
    leads: number;
    calls: number;
    booked: number;
    avg_secs: number | null;
    charged: number;
  }>(
    `select (select count(*)::int from contacts ct left join campaigns k on k.id = ct.campaign_id
              where ct.org_id = $1 and ($2::text is null or k.channel = $2)) as leads,
            count(*)::int as calls, (count(*) filter (where outcome = 'scheduled'))::int as booked,
            (avg(duration_secs) filter (where answered_at is not null and ended_at is not null
              and coalesce(outcome, '') <> 'voicemail'))::float8 as avg_secs,
            (select coalesce(sum(ceil(duration_secs / 60.0)), 0)::int from calls
              where org_id = $1 and attempt_id is not null and ended_at is not null) as charged
       from calls where org_id = $1 and direction <> 'WEB'`,
    [orgId, channel],
  );
  return row!;
}

/** A new database with nothing in it, on the test app's engine (PostgreSQL: beside its own, dropped after). */
async function emptyDatabase(t: TestApp): Promise<{ db: Db; drop(): Promise<void> }> {
  if (t.kind === "pglite") {
    const db = await openPglite(undefined);
    return { db, drop: () => db.close() };
  }
  const name = `parley_t_${crypto.randomBytes(6).toString("hex")}`;
  await t.db.exec(`create database ${name}`);
  const db = await openPostgres(t.url!.replace(/\/[^/]*$/, `/${name}`), 2);
  return {
    db,
    async drop() {
      await db.close();
      await t.db.exec(`drop database ${name} with (force)`);
    },
  };
}

for (const kind of await dbKinds()) {
  describe(`dashboard figures from the rollups on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind, { clock: { now: () => FIXTURE_NOW } });
      owner = await buildUser(t);
      const { spring, promo } = await seedAnalyticsFixture(t.db, owner.orgId);
      const org = owner.orgId;
      // Calls the fixture does not have, each a case where the rollups' own "connected" would differ from the
      // dashboard's figures: two answered calls on the line with seconds so far (both end later, one with no
      // other change), a browser test call, an inbound call without a campaign, and a deleted call.
      const insert = (call: CallSeed) => insertCall(t.db, org, { lead_phone: "+14155550999", ...call });
      const dialled = () => ({ campaign_id: spring, attempt_id: crypto.randomUUID() });
      const live = await insert({
        ...dialled(),
        started_at: "2026-03-31T19:50:00Z",
        answered_at: "2026-03-31T19:50:04Z",
        duration_secs: 45,
      });
      const talking = await insert({
        ...dialled(),
        started_at: "2026-03-31T19:55:00Z",
        answered_at: "2026-03-31T19:55:03Z",
        duration_secs: 30,
      });
      const ended = { status: "completed", outcome: "scheduled" };
      await insert({
        ...ended,
        direction: "WEB",
        started_at: "2026-03-31T18:00:00Z",
        answered_at: "2026-03-31T18:00:01Z",
        ended_at: "2026-03-31T18:09:00Z",
        duration_secs: 539,
      });
      await insert({
        ...ended,
        direction: "INBOUND",
        started_at: "2026-03-20T09:00:00Z",
        answered_at: "2026-03-20T09:00:01Z",
        ended_at: "2026-03-20T09:04:01Z",
        duration_secs: 241,
      });
      const gone = await insert({
        ...dialled(),
        ...ended,
        started_at: "2026-03-01T09:00:00Z",
        answered_at: "2026-03-01T09:00:01Z",
        ended_at: "2026-03-01T09:10:00Z",
        duration_secs: 599,
      });
      await t.db.query("delete from calls where id = $1", [gone]);
      // The live call ends: 61 s, charged 2 minutes, booked.
      await t.db.query(
        `update calls set status = 'completed', outcome = 'scheduled', ended_at = started_at + interval '65 seconds',
          duration_secs = 61 where id = $1`,
        [live],
      );
      // Another ends with nothing else changed: its seconds now count for the average and it is charged.
      await t.db.query("update calls set ended_at = started_at + interval '33 seconds' where id = $1", [talking]);
      // Leads: three contacts imported in one statement, one removed, and a campaign deleted with its two. The
      // contacts go in as SQL on purpose: the count triggers see each statement's rows together, as an import's.
      await t.db.query(
        `insert into contacts (org_id, campaign_id, line_number, phone_e164) select $1, $2, g, '+1415556' ||
          lpad(g::text, 4, '0') from generate_series(10, 12) g`,
        [org, promo],
      );
      await t.db.query(
        "delete from contacts where id = (select id from contacts where campaign_id = $1 order by line_number limit 1)",
        [spring],
      );
      const gone2 = await insertCampaign(t.db, org, { name: "Gone" });
      await t.db.query(
        `insert into contacts (org_id, campaign_id, line_number, phone_e164)
          values ($1, $2, 2, '+14155557001'), ($1, $2, 3, '+14155557002')`,
        [org, gone2],
      );
      await t.db.query("delete from campaigns where id = $1", [gone2]);
    });
    after(() => t.close());

    test("leads, calls, appointments, average duration and minutes used equal figures counted from rows", async () => {
      const expected = await recount(t.db, owner.orgId);
      // The fixture's 6 calls + the two dialled calls and the inbound call.
      assert.equal(expected.calls, 9);
      const repo = createDashboardRepo(t.db);
      for (const channel of [null, "voice"] as const) {
        const got = await repo.counts(owner.orgId, channel);
        const want = await recount(t.db, owner.orgId, channel);
        assert.deepEqual(
          [got.leads, got.calls, got.booked],
          [want.leads, want.calls, want.booked],
          `channel ${channel}`,
        );
        assert.ok(Math.abs(got.avg_secs! - want.avg_secs!) < 1e-9, `average ${got.avg_secs} vs ${want.avg_secs}`);
      }
      // Email and WhatsApp campaigns place no calls: their leads only.
      for (const channel of ["email", "whatsapp"] as const)
        assert.equal(
          (await repo.counts(owner.orgId, channel)).leads,
          (await recount(t.db, owner.orgId, channel)).leads,
        );
      assert.equal((await repo.minutes(owner.orgId)).charged, expected.charged);

      const overview = await t.request("GET", "/api/dashboard/overview", { token: owner.token });
      assert.equal(overview.status, 200);
      // (120 + 60 + 200 + 90 + 61 + 30 + 241) / 7 = 114.6; booked: the fixture's, the live call's and the inbound one
      // leads: the fixture's 6, 3 imported, 1 removed (the deleted campaign's 2 went with it)
      assert.deepEqual(overview.body, {
        total_campaigns: 3,
        total_leads: 8,
        total_calls: 9,
        total_appointments: 3,
        booking_rate: 33.3,
        avg_call_duration_seconds: 115,
      });
      const minutes = await t.request("GET", "/api/dashboard/conversation-minutes", { token: owner.token });
      // 3 charged by the fixture, 2 for the 61 s call and 1 for the 30 s one
      assert.equal(minutes.body.used_minutes, 6);
    });

    // An install upgraded to 0230 and 0232 has its calls' figures filled into the rollups it already had and
    // its contacts counted (the migrations' backfills).
    test("an upgrade fills in the figures of the calls and contacts made before it", async () => {
      const earlier = fs.mkdtempSync(path.join(os.tmpdir(), "parley-before-0230-"));
      const all = new URL("../../platform/migrations/", import.meta.url).pathname;
      for (const f of fs.readdirSync(all).filter((f) => f.endsWith(".sql") && f < "0230"))
        fs.copyFileSync(path.join(all, f), path.join(earlier, f));
      const { db, drop } = await emptyDatabase(t);
      try {
        await migrate(db, earlier);
        // A database at the old schema has no server to sign up through.
        const [org] = await db.query<{ id: string }>(
          "insert into organizations (slug, name) values ('upgraded', 'Upgraded') returning id",
        );
        await seedAnalyticsFixture(db, org!.id);
        assert.ok((await migrate(db)).includes("0230_dashboard_rollups.sql"));
        const expected = await recount(db, org!.id);
        const repo = createDashboardRepo(db);
        const got = await repo.counts(org!.id, null);
        const charged = (await repo.minutes(org!.id)).charged;
        assert.deepEqual(
          [got.leads, got.calls, got.booked, got.avg_secs, charged],
          [expected.leads, expected.calls, expected.booked, expected.avg_secs, expected.charged],
        );
        assert.deepEqual(
          [got.leads, got.calls, got.booked, got.avg_secs, charged],
          [6, 6, 1, 117.5, 3],
          "the fixture's figures (dashboard.int.test.ts)",
        );
      } finally {
        await drop();
        fs.rmSync(earlier, { recursive: true, force: true });
      }
    });
  });
}
