import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { AnswerHours } from "@parley/shared/answer-hours";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { insertCall, insertCampaign } from "../../../../../tests/support/seed.ts";
import { insertDialledCalls } from "../../../../../tests/support/answer-hours-data.ts";

const IST = 330;

for (const kind of await routeDbKinds()) {
  describe(`answer hours on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let spring: string;
    let autumn: string;
    before(async () => {
      t = await startTestApp(kind);
      owner = await buildUser(t);
      spring = await insertCampaign(t.db, owner.orgId, { name: "Spring", timezone: "Asia/Kolkata" });
      autumn = await insertCampaign(t.db, owner.orgId, { name: "Autumn", timezone: "Asia/Kolkata" });
      await insertDialledCalls(
        t.db,
        owner.orgId,
        spring,
        [
          { weekday: 2, hour: 15, dialled: 30, people: 24 },
          { weekday: 1, hour: 11, dialled: 8, people: 1 },
        ],
        IST,
      );
      await insertDialledCalls(t.db, owner.orgId, autumn, [{ weekday: 2, hour: 15, dialled: 10, people: 2 }], IST);
    });
    after(() => t.close());

    const get = async (query = "", token = owner.token): Promise<AnswerHours> => {
      const res = await t.request("GET", `/api/analytics/answer-hours${query}`, { token });
      assert.equal(res.status, 200, res.text);
      return res.body as AnswerHours;
    };

    test("per weekday and hour on the contact's clock: dialled, picked up, a person; all campaigns", async () => {
      const a = await get();
      assert.deepEqual(a.cells, [
        { weekday: 1, hour: 11, dialled: 8, answered: 1, people: 1 },
        { weekday: 2, hour: 15, dialled: 40, answered: 26, people: 26 },
      ]);
      assert.deepEqual(a.totals, { dialled: 48, answered: 27, people: 27 });
      assert.equal(a.min_cell_calls, 20);
      assert.deepEqual(a.learning, { active: false, dialled: 48, needed_calls: 200 });
    });

    test("one campaign's cells; the learning figures stay the organisation's", async () => {
      const a = await get(`?campaign_id=${autumn}`);
      assert.deepEqual(a.cells, [{ weekday: 2, hour: 15, dialled: 10, answered: 2, people: 2 }]);
      assert.equal(a.learning.dialled, 48);
    });

    test("a machine picks up but is no person; browser calls, unknown hours and calls on the line wait", async () => {
      const org = (await buildUser(t)).orgId;
      const k = await insertCampaign(t.db, org, { name: "Life" });
      // Tuesday 3 March 2026, 10:05 in Kolkata.
      const at = "2026-03-03T04:35:00Z";
      const base = { campaign_id: k, started_at: at, contact_offset_mins: IST };
      const vm = await insertCall(t.db, org, { ...base, attempt_id: crypto.randomUUID() });
      await insertCall(t.db, org, { ...base, direction: "WEB", ended_at: at }); // no attempt: not the dialer's
      await insertCall(t.db, org, {
        ...base,
        attempt_id: crypto.randomUUID(),
        contact_offset_mins: null,
        ended_at: at,
      });
      await t.db.query("update calls set answered_at = started_at + interval '3 seconds' where id = $1", [vm]);
      assert.equal(await countFor(org), 0, "a call still on the line is not counted");
      await t.db.query(
        "update calls set outcome = 'voicemail', ended_at = started_at + interval '30 seconds' where id = $1",
        [vm],
      );
      assert.deepEqual(await cellsOf(org), [{ weekday: 2, hour: 10, dialled: 1, answered: 1, people: 0 }]);
      await t.db.query("update calls set outcome = 'completed' where id = $1", [vm]);
      assert.deepEqual(await cellsOf(org), [{ weekday: 2, hour: 10, dialled: 1, answered: 1, people: 1 }]);
      // Its campaign deleted: the call stays history, under no campaign.
      await t.db.query("delete from campaigns where id = $1", [k]);
      assert.deepEqual(await cellsOf(org), [{ weekday: 2, hour: 10, dialled: 1, answered: 1, people: 1 }]);
      await t.db.query("delete from calls where id = $1", [vm]);
      assert.deepEqual(await cellsOf(org), []);
    });

    async function cellsOf(orgId: string) {
      return t.db.query(
        `select weekday::int as weekday, hour::int as hour, sum(dialled)::int as dialled,
                sum(answered)::int as answered, sum(people)::int as people
           from answer_hour_rollups where org_id = $1 group by 1, 2 having sum(dialled) <> 0 order by 1, 2`,
        [orgId],
      );
    }
    async function countFor(orgId: string) {
      return (await cellsOf(orgId)).length;
    }

    test("a bad campaign id is a 400 naming it; another organisation's campaign is not found", async () => {
      const res = await t.request("GET", "/api/analytics/answer-hours?campaign_id=nope", { token: owner.token });
      assert.equal(res.status, 400);
      assert.match(res.text, /campaign_id must be a campaign's id/);
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/analytics/answer-hours?campaign_id=${spring}` });
    });
  });
}
