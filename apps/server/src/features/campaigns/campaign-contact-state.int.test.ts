import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

// GET /api/campaigns/:id/contacts says where each contact stands in the dialer's queue. The queue is seeded
// directly (no dialer runs in the test app), one contact per state.
const HOUR = 3600_000;
const PHONES = ["+919876543210", "+919876543211", "+919876543212", "+919876543213", "+971501234567"];

for (const kind of await routeDbKinds()) {
  describe(`contacts' call state over HTTP (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    let campaignId: string;
    let ids: Record<string, string>;

    before(async () => {
      t = await startTestApp(kind);
      u = await buildUser(t);
      const form = new FormData();
      form.set("name", "Queue view");
      form.set("save_as_draft", "true");
      form.set(
        "csv_file",
        new Blob([`name,phone\n${PHONES.map((p, i) => `C${i},${p}`).join("\n")}\n`], { type: "text/csv" }),
        "q.csv",
      );
      const res = await t.request("POST", "/api/create_campaign", { token: u.token, body: form });
      assert.equal(res.status, 201, res.text);
      campaignId = res.body.campaign.id;
      const rows = await t.db.query<{ id: string; name: string }>(
        "select id, name from contacts where campaign_id = $1",
        [campaignId],
      );
      ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
    });
    after(() => t.close());

    // The dialer's attempts as they stand at one moment: no API sets them.
    const seed = async (contact: string, n: number, status: string, dueAt: Date, outcome: string | null) =>
      t.db.query(
        `insert into call_attempts (org_id, campaign_id, contact_id, attempt_number, status, due_at, outcome)
          values ($1, $2, $3, $4, $5, $6, $7)`,
        [u.orgId, campaignId, ids[contact], n, status, dueAt, outcome],
      );
    const states = async () => {
      const res = await t.request("GET", `/api/campaigns/${campaignId}/contacts`, { token: u.token });
      assert.equal(res.status, 200, res.text);
      return Object.fromEntries(
        res.body.contacts.map((c: { name: string; call_state: unknown }) => [c.name, c.call_state]),
      );
    };

    test("a draft's contacts have not started", async () => {
      const s = await states();
      assert.deepEqual(s.C0, {
        state: "not_started",
        reason: null,
        due_at: null,
        attempts_made: 0,
        last_outcome: null,
        contact_timezone: "Asia/Kolkata",
        do_not_call: false,
      });
    });

    test("retry, callback, calling hours, on a call and done, each with its due time and last outcome", async () => {
      assert.equal((await t.request("POST", `/api/campaigns/${campaignId}/launch`, { token: u.token })).status, 200);
      // Launch queued attempt 1 for everyone, due now; rewrite the queue into one state per contact.
      await t.db.query("delete from call_attempts where campaign_id = $1", [campaignId]);
      const later = new Date(Date.now() + 3 * HOUR);
      const earlier = new Date(Date.now() - HOUR);
      await seed("C0", 1, "done", earlier, "no_answer");
      await seed("C0", 2, "pending", later, null);
      await seed("C1", 1, "done", earlier, "follow_up");
      await seed("C1", 2, "pending", later, null);
      await seed("C2", 1, "pending", later, null);
      await seed("C3", 1, "in_progress", earlier, null);
      await seed("C4", 1, "done", earlier, "interested");

      const s = await states();
      assert.deepEqual(s.C0, {
        state: "pending",
        reason: "retry",
        due_at: later.toISOString(),
        attempts_made: 1,
        last_outcome: "no_answer",
        contact_timezone: "Asia/Kolkata",
        do_not_call: false,
      });
      assert.deepEqual([s.C1.reason, s.C1.due_at, s.C1.last_outcome], ["callback", later.toISOString(), "follow_up"]);
      assert.deepEqual([s.C2.state, s.C2.reason, s.C2.attempts_made], ["pending", "calling_hours", 0]);
      assert.deepEqual([s.C3.state, s.C3.reason], ["calling", null]);
      assert.deepEqual(
        [s.C4.state, s.C4.last_outcome, s.C4.attempts_made, s.C4.contact_timezone],
        ["done", "interested", 1, "Asia/Dubai"],
      );

      assert.equal((await t.request("POST", `/api/campaigns/${campaignId}/pause`, { token: u.token })).status, 200);
      const paused = await states();
      assert.deepEqual([paused.C0.reason, paused.C0.due_at], ["paused", null]);
    });

    test("another organisation cannot read the contacts", async () => {
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/campaigns/${campaignId}/contacts` });
    });
  });
}
