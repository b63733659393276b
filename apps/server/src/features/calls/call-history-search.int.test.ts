import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { COUNT_CAP } from "./call-history.service.ts";

type List = { call_history: { lead_name: string; started_at: string }[]; total: number; total_capped: boolean };

// A search's page comes from its matches when there are at most COUNT_CAP.search of them, and from the
// newest-first walk past that (call-history.repo.ts, searchMatches): both must page the same way.
for (const kind of await routeDbKinds()) {
  describe(`call history search paging on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    const list = async (qs: string) => {
      const res = await t.request<List>("GET", `/api/call-history?${qs}`, { token: owner.token });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    const names = (l: List) => l.call_history.map((r) => r.lead_name);

    before(async () => {
      t = await startTestApp(kind);
      owner = await buildUser(t);
      // Common 1 … Common 1005, one a minute (the higher the number, the newer), every third one interested;
      // among them Rare 1 … Rare 3, the first and the last interested (one statement, as a helper's row-by-row
      // inserts would take most of the test's time).
      await t.db.query(
        `insert into calls (org_id, lead_name, lead_phone, status, outcome, started_at, ended_at)
         select $1, case when g in (100, 401, 700) then 'Rare ' || (g / 300 + 1)
           else 'Common ' || g end, '+14155550100', 'completed',
                case when g % 3 = 1 then 'interested' else 'not_interested' end,
                timestamptz '2026-03-01' + g * interval '1 minute', timestamptz '2026-03-01' + g * interval '1 minute'
                  + interval '1 minute'
           from generate_series(1, $2::int) g`,
        [owner.orgId, COUNT_CAP.search + 5],
      );
    });
    after(() => t.close());

    test("a search matching more than the cap says 'cap+' and pages newest first", async () => {
      const first = await list("search=common&page_size=5");
      assert.deepEqual([first.total, first.total_capped], [COUNT_CAP.search, true]);
      assert.deepEqual(names(first), ["Common 1005", "Common 1004", "Common 1003", "Common 1002", "Common 1001"]);
      assert.deepEqual(names(await list("search=common&page_size=5&page=2")), [
        "Common 1000",
        "Common 999",
        "Common 998",
        "Common 997",
        "Common 996",
      ]);
    });

    test("a search matching a few is counted exactly and pages newest first, alone and with a status", async () => {
      const rare = await list("search=rare&page_size=5");
      assert.deepEqual([rare.total, rare.total_capped, names(rare)], [3, false, ["Rare 3", "Rare 2", "Rare 1"]]);
      const second = await list("search=rare&status=interested&page_size=5");
      assert.deepEqual([second.total, names(second)], [2, ["Rare 3", "Rare 1"]]);
      const past = await list("search=rare&page_size=5&page=2");
      assert.deepEqual([past.total, names(past)], [3, []]);
      assert.deepEqual(
        [(await list("search=nobody")).total, (await list("search=common&status=in_progress")).total],
        [0, 0],
      );
    });
  });
}
