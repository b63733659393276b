import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pino from "pino";
import { CallRefusedMessages as M, OUT_OF_MINUTES_REASON } from "@parley/shared/calls";
import { loadConfig } from "../../platform/config.ts";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { createDialerRepo } from "./dialer.repo.ts";
import { createDialerService } from "./dialer.service.ts";
import type { CallPlacer } from "./dialer.types.ts";
import { until } from "../../../../../tests/support/until.ts";
import { insertCampaign, insertContact, setOrgLimits } from "../../../../../tests/support/seed.ts";

// Tuesday 3 March 2026, 10:00 in Tokyo: the contacts (Japanese mobiles) are inside their calling hours.
const TOKYO_10AM = new Date("2026-03-03T01:00:00Z");

// Known before any test is registered: --test-force-exit ends the file once the tests it knows of are done.
const kinds = await dbKinds();

test("TRIAL_MINUTES defaults to a small trial and is validated", () => {
  assert.equal(loadConfig({}).trialMinutes, 30);
  assert.equal(loadConfig({ TRIAL_MINUTES: "5" }).trialMinutes, 5);
  assert.throws(() => loadConfig({ TRIAL_MINUTES: "-1" }), /TRIAL_MINUTES/);
});

for (const kind of kinds) {
  describe(`trial minutes on ${kind}`, () => {
    let t: TestApp;
    const clock = { now: () => TOKYO_10AM };
    before(async () => {
      t = await startTestApp(kind, { env: { TRIAL_MINUTES: "3" }, clock });
    });
    after(() => t.close());

    test("a new organisation starts with TRIAL_MINUTES", async () => {
      const u = await buildUser(t);
      const [row] = await t.db.query<{ minutes: number }>(
        "select minutes_balance::float8 as minutes from org_limits where org_id = $1",
        [u.orgId],
      );
      assert.equal(row?.minutes, 3);
      const res = await t.request("GET", "/api/dashboard/conversation-minutes", { token: u.token });
      assert.equal(res.body.remaining_minutes, 3);
    });

    test("when the minutes are spent the dialer pauses the campaign saying why, and ring now is refused", async () => {
      const u = await buildUser(t);
      const campaignId = await insertCampaign(t.db, u.orgId, {
        name: "Trial",
        status: "active",
        timezone: "UTC",
        business_hours_start: "00:00",
        business_hours_end: "00:00",
        max_concurrent_calls: 1,
      });
      const contacts: string[] = [];
      for (let i = 0; i < 3; i++) {
        const contact = { line_number: i + 2, name: `Contact ${i}`, phone_e164: `+8190${String(20_000_000 + i)}` };
        contacts.push(await insertContact(t.db, u.orgId, campaignId, contact));
      }
      // Every call is a 95-second conversation: 2 minutes charged.
      const placer: CallPlacer = { place: async () => ({ outcome: "interested", durationSecs: 95 }) };
      const dialer = createDialerService({
        repo: createDialerRepo(t.db),
        placer,
        clock,
        log: pino({ level: "silent" }),
        workerId: "w1",
        isDoNotCall: async () => new Set(),
      });
      await createDialerRepo(t.db).enqueueCampaign(u.orgId, campaignId, clock.now());
      const done = async (n: number) =>
        (await t.db.query("select 1 from call_attempts where campaign_id = $1 and status = 'done'", [campaignId]))
          .length === n;

      assert.equal(await dialer.tick(), 1);
      await until(() => done(1));
      let campaign = (await t.request("GET", `/api/campaigns/${campaignId}`, { token: u.token })).body.campaign;
      assert.equal(campaign.status, "active", "1 minute is left");

      assert.equal(await dialer.tick(), 1);
      await until(() => done(2));
      campaign = (await t.request("GET", `/api/campaigns/${campaignId}`, { token: u.token })).body.campaign;
      assert.equal(campaign.status, "paused");
      assert.equal(campaign.status_reason, OUT_OF_MINUTES_REASON);
      const progress = await t.services.reports.campaignProgress.snapshot(u.orgId, campaignId);
      assert.equal(progress?.status_reason, OUT_OF_MINUTES_REASON, "the live view says why");
      assert.equal(progress?.pending, 1);
      assert.equal(await dialer.tick(), 0, "no call is placed without minutes");

      const res = await t.request("POST", "/api/calls", {
        token: u.token,
        body: { campaign_id: campaignId, contact_id: contacts[2] },
      });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.message, M.noMinutes);
    });

    test("a campaign launched after the minutes ran out is paused at the next pass, with the reason", async () => {
      const u = await buildUser(t);
      await setOrgLimits(t.db, u.orgId, { minutes_balance: 0 });
      const campaignId = await insertCampaign(t.db, u.orgId, {
        name: "Late",
        status: "active",
        timezone: "UTC",
        business_hours_start: "00:00",
        business_hours_end: "00:00",
      });
      await insertContact(t.db, u.orgId, campaignId, { name: "Late", phone_e164: "+819030000000" });
      await createDialerRepo(t.db).enqueueCampaign(u.orgId, campaignId, clock.now());
      const dialer = createDialerService({
        repo: createDialerRepo(t.db),
        placer: { place: async () => ({ outcome: "interested", durationSecs: 1 }) },
        clock,
        log: pino({ level: "silent" }),
        workerId: "w2",
        isDoNotCall: async () => new Set(),
      });
      assert.equal(await dialer.tick(), 0);
      const [row] = await t.db.query<{ status: string; status_reason: string }>(
        "select status, status_reason from campaigns where id = $1",
        [campaignId],
      );
      assert.deepEqual(row, { status: "paused", status_reason: OUT_OF_MINUTES_REASON });
    });
  });
}
