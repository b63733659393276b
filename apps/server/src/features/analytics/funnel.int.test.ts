import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Funnel } from "@parley/shared/funnel";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { insertCall, insertCampaign, insertContact, type CallSeed } from "../../../../../tests/support/seed.ts";

for (const kind of await routeDbKinds()) {
  describe(`funnel on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let spring: string;
    let autumn: string;
    /** A contact of `campaign` and its calls, each ended. */
    async function contactWith(campaign: string, n: number, calls: CallSeed[]) {
      const phone = `+1415555${String(1000 + n)}`;
      const contact = await insertContact(t.db, owner.orgId, campaign, { phone_e164: phone, line_number: n + 2 });
      for (const c of calls) await insertCall(t.db, owner.orgId, { campaign_id: campaign, contact_id: contact, ...c });
      return contact;
    }
    const rang = (at: string): CallSeed => ({
      started_at: at,
      ended_at: at,
      status: "no_answer",
      outcome: "no_answer",
    });
    const picked = (at: string, outcome: string, secs: number): CallSeed => ({
      started_at: at,
      answered_at: at,
      ended_at: at,
      status: "completed",
      outcome,
      duration_secs: secs,
    });

    before(async () => {
      t = await startTestApp(kind);
      owner = await buildUser(t);
      spring = await insertCampaign(t.db, owner.orgId, { name: "Spring", contact_count: 6 });
      autumn = await insertCampaign(t.db, owner.orgId, { name: "Autumn", contact_count: 1 });
      await contactWith(spring, 1, [rang("2026-03-02T10:00:00Z")]);
      await contactWith(spring, 2, [picked("2026-03-02T10:00:00Z", "voicemail", 25)]);
      await contactWith(spring, 3, [picked("2026-03-03T10:00:00Z", "not_interested", 20)]);
      // Rang out first, reached a week later: counted once, in the week it was first dialled.
      await contactWith(spring, 4, [rang("2026-03-04T10:00:00Z"), picked("2026-03-11T10:00:00Z", "interested", 95)]);
      await contactWith(spring, 5, [picked("2026-03-05T10:00:00Z", "scheduled", 200)]);
      // First dialled in February: outside March, however far it got in March.
      await contactWith(spring, 6, [rang("2026-02-20T10:00:00Z"), picked("2026-03-06T10:00:00Z", "scheduled", 120)]);
      await contactWith(autumn, 7, [picked("2026-03-09T23:30:00Z", "completed", 40)]);
    });
    after(() => t.close());

    const get = async (query: string): Promise<Funnel> => {
      const res = await t.request("GET", `/api/analytics/funnel?${query}`, { token: owner.token });
      assert.equal(res.status, 200, res.text);
      return res.body as Funnel;
    };

    test("March in UTC: each stage per campaign and in total, each contact once, by its first dial", async () => {
      const f = await get("from=2026-03-01&to=2026-03-31&timezone=UTC");
      assert.equal(f.from, "2026-03-01T00:00:00.000Z");
      assert.equal(f.to, "2026-04-01T00:00:00.000Z");
      assert.deepEqual(f.campaigns, [
        {
          campaign_id: spring,
          name: "Spring",
          contacts: 6,
          dialled: 5,
          answered: 4,
          people: 3,
          conversations: 2,
          qualified: 0,
          booked: 1,
        },
        {
          campaign_id: autumn,
          name: "Autumn",
          contacts: 1,
          dialled: 1,
          answered: 1,
          people: 1,
          conversations: 1,
          qualified: 0,
          booked: 0,
        },
      ]);
      assert.deepEqual(f.totals, { dialled: 6, answered: 5, people: 4, conversations: 3, qualified: 0, booked: 1 });
    });

    test("the days are the zone's: 23:30 UTC on 9 March is already 10 March in Kolkata", async () => {
      const utc = await get("from=2026-03-10&to=2026-03-31&timezone=UTC");
      assert.deepEqual(utc.campaigns, []);
      const ist = await get("from=2026-03-10&to=2026-03-10&timezone=Asia/Kolkata");
      assert.deepEqual(
        ist.campaigns.map((c) => [c.name, c.dialled]),
        [["Autumn", 1]],
      );
    });

    test("one campaign; another organisation's campaign is not found", async () => {
      const f = await get(`from=2026-02-01&to=2026-03-31&timezone=UTC&campaign_id=${spring}`);
      assert.deepEqual(f.totals, { dialled: 6, answered: 5, people: 4, conversations: 3, qualified: 0, booked: 2 });
      await assertOrgIsolation(t, owner, {
        method: "GET",
        path: `/api/analytics/funnel?from=2026-03-01&to=2026-03-31&campaign_id=${spring}`,
      });
    });

    test("bad input is a 400 that names the problem", async () => {
      const cases: [string, RegExp][] = [
        ["to=2026-03-31", /from must be a date written YYYY-MM-DD/],
        ["from=2026-3-1&to=2026-03-31", /from must be a date written YYYY-MM-DD/],
        ["from=2026-03-31&to=2026-03-01", /The range must start on or before its end/],
        ["from=2025-01-01&to=2026-03-31", /at most 366 days/],
        ["from=2026-03-01&to=2026-03-31&timezone=Mars/Olympus", /Unknown time zone "Mars\/Olympus"/],
        ["from=2026-03-01&to=2026-03-31&campaign_id=7", /campaign_id must be a campaign's id/],
      ];
      for (const [query, message] of cases) {
        const res = await t.request("GET", `/api/analytics/funnel?${query}`, { token: owner.token });
        assert.equal(res.status, 400, query);
        assert.match((res.body as { error: { message: string } }).error.message, message, query);
      }
    });

    // The stages come from contact_funnel / funnel_rollups (0200, 0266), kept by triggers: as a call goes from
    // ringing to a conversation the rollups follow, and equal a recount over the calls.
    test("a call's life moves its contact along, and the rollups equal a recount of the calls", async () => {
      const k = await insertCampaign(t.db, owner.orgId, { name: "Life" });
      const contact = await insertContact(t.db, owner.orgId, k, { phone_e164: "+14155559999" });
      const at = "2026-04-01T09:00:00Z";
      const call = await insertCall(t.db, owner.orgId, { campaign_id: k, contact_id: contact, started_at: at });
      const stages = async () => (await get(`from=2026-04-01&to=2026-04-01&timezone=UTC&campaign_id=${k}`)).totals;
      assert.deepEqual(await stages(), {
        dialled: 1,
        answered: 0,
        people: 0,
        conversations: 0,
        qualified: 0,
        booked: 0,
      });
      await t.db.query("update calls set answered_at = started_at + interval '5 seconds' where id = $1", [call]);
      assert.deepEqual(await stages(), {
        dialled: 1,
        answered: 1,
        people: 1,
        conversations: 0,
        qualified: 0,
        booked: 0,
      });
      await t.db.query("update calls set duration_secs = 31, ended_at = now(), outcome = 'scheduled' where id = $1", [
        call,
      ]);
      assert.deepEqual(await stages(), {
        dialled: 1,
        answered: 1,
        people: 1,
        conversations: 1,
        qualified: 0,
        booked: 1,
      });
      const [recount] = await t.db.query<Record<string, number>>(
        `select count(distinct contact_id)::int as dialled,
                count(distinct contact_id) filter (where answered_at is not null)::int as answered,
                count(distinct contact_id) filter (where answered_at is not null and outcome <> 'voicemail'
                  and duration_secs > 30)::int as conversations
           from calls where org_id = $1 and campaign_id is not null`,
        [owner.orgId],
      );
      const all = await get("from=2026-01-01&to=2026-12-31&timezone=UTC");
      assert.deepEqual(
        [all.totals.dialled, all.totals.answered, all.totals.conversations],
        [recount!.dialled, recount!.answered, recount!.conversations],
      );
    });
  });
}
