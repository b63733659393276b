import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { insertCall } from "../../../../../tests/support/seed.ts";

for (const kind of await dbKinds()) {
  describe(`campaign changes reach the dialer's queue (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    const counts = async (campaignId: string) =>
      Object.fromEntries(
        (
          await t.db.query<{ status: string; n: number }>(
            "select status, count(*)::int as n from call_attempts where campaign_id = $1 group by status",
            [campaignId],
          )
        ).map((r) => [r.status, r.n]),
      );

    test("launch queues one attempt per contact; stop cancels them; a draft queues nothing", async () => {
      const u = await buildUser(t);
      const form = new FormData();
      form.append("campaign_name", "Queue test");
      form.append("save_as_draft", "true");
      form.append(
        "csv_file",
        new Blob(["name,phone\nAsha,+919876543210\nOmar,+971501234567\nBad,12\n"], { type: "text/csv" }),
        "leads.csv",
      );
      const created = await t.request("POST", "/api/create_campaign", { token: u.token, body: form });
      assert.equal(created.status, 201, created.text);
      const id = created.body.campaign.id as string;
      assert.deepEqual(await counts(id), {});

      const launched = await t.request("POST", `/api/campaigns/${id}/launch`, { token: u.token });
      assert.equal(launched.status, 200, launched.text);
      assert.deepEqual(await counts(id), { pending: 2 });

      const stopped = await t.request("POST", `/api/campaigns/${id}/stop`, { token: u.token });
      assert.equal(stopped.status, 200, stopped.text);
      assert.deepEqual(await counts(id), { cancelled: 2 });
    });

    test("the campaign answers the real calls made and success rate", async () => {
      const u = await buildUser(t);
      const created = await t.request("POST", "/api/create_campaign", {
        token: u.token,
        body: { campaign_name: "Stats", save_as_draft: true },
      });
      const id = created.body.campaign.id as string;
      assert.equal(created.body.campaign.calls_made, 0);
      for (const outcome of ["interested", "not_interested", "no_answer", "scheduled"]) {
        await insertCall(t.db, u.orgId, { campaign_id: id, lead_phone: "+919876543210", status: "completed", outcome });
      }
      const res = await t.request("GET", `/api/campaigns/${id}`, { token: u.token });
      assert.equal(res.body.campaign.calls_made, 4);
      assert.equal(res.body.campaign.success_rate, 50);
    });
  });
}
