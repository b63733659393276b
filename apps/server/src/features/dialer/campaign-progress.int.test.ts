import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { CampaignStatus } from "@parley/shared/campaigns";
import type { CampaignProgress } from "@parley/shared/campaign-progress";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { sseReader as readSse } from "../../../../../tests/support/sse-reader.ts";
import { insertCall, insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

for (const kind of await dbKinds()) {
  describe(`campaign progress stream on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    /** A campaign with three contacts: Asha waiting, Ben on a call, Chen done (no answer, then interested). */
    async function seed(orgId: string, status: CampaignStatus = "active") {
      const campaignId = await insertCampaign(t.db, orgId, { name: "Progress", status });
      const ids: string[] = [];
      for (const [i, name] of ["Asha", "Ben", "Chen"].entries()) {
        ids.push(
          await insertContact(t.db, orgId, campaignId, { line_number: i + 2, name, phone_e164: `+91987654321${i}` }),
        );
      }
      // The dialer's queue as it stands mid-campaign: no API sets attempts' states.
      const attempt = (contact: string, n: number, st: string, outcome: string | null, callId: string | null = null) =>
        t.db.query<{ id: string }>(
          `insert into call_attempts (org_id, campaign_id, contact_id, attempt_number, status, outcome, due_at,
            call_id) values ($1, $2, $3, $4, $5, $6, now(), $7) returning id`,
          [orgId, campaignId, contact, n, st, outcome, callId],
        );
      const transcript = [
        { speaker: "agent", text: "Hi Ben, this is Parley.", startMs: 0, endMs: 900 },
        { speaker: "callee", text: "Who gave you my number?", startMs: 1200, endMs: 2100 },
      ];
      const callId = await insertCall(t.db, orgId, {
        campaign_id: campaignId,
        contact_id: ids[1],
        lead_name: "Ben",
        lead_phone: "+919876543211",
        transcript,
      });
      await attempt(ids[0]!, 1, "pending", null);
      const [live] = await attempt(ids[1]!, 1, "in_progress", null, callId);
      await attempt(ids[2]!, 1, "done", "no_answer");
      await attempt(ids[2]!, 2, "done", "interested");
      return { campaignId, liveAttempt: live!.id, callId };
    }

    test("sends the counts and live calls, then a new message when a call ends", async () => {
      const u = await buildUser(t);
      const s = await seed(u.orgId);
      const controller = new AbortController();
      const res = await fetch(`${t.baseUrl}/api/campaigns/${s.campaignId}/progress`, {
        headers: { authorization: `Bearer ${u.token}` },
        signal: controller.signal,
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "text/event-stream");
      const next = readSse<CampaignProgress>(res.body!);
      const first = await next();
      assert.equal(first?.event, "progress");
      const p = first!.data;
      assert.deepEqual([p.status, p.contacts, p.pending, p.in_progress, p.done], ["active", 3, 1, 1, 1]);
      assert.equal(p.by_outcome.interested, 1);
      assert.equal(p.by_outcome.no_answer, 0, "a contact counts once, by its newest attempt");
      assert.equal(p.live_calls.length, 1);
      assert.deepEqual(
        { ...p.live_calls[0], started_at: undefined },
        {
          call_id: s.callId,
          contact_name: "Ben",
          phone: "+919876543211",
          status: "in_progress",
          started_at: undefined,
          last_line: { speaker: "callee", text: "Who gave you my number?" },
        },
      );

      await t.db.query("update call_attempts set status = 'done', outcome = 'scheduled' where id = $1", [
        s.liveAttempt,
      ]);
      await t.db.query("update calls set status = 'completed', outcome = 'scheduled' where id = $1", [s.callId]);
      const second = (await next())!.data;
      assert.deepEqual([second.pending, second.in_progress, second.done, second.by_outcome.scheduled], [1, 0, 2, 1]);
      assert.deepEqual(second.live_calls, []);
      controller.abort();
    });

    test("a finished campaign sends one message and ends the stream", async () => {
      const u = await buildUser(t);
      const s = await seed(u.orgId, "completed");
      await t.db.query("update call_attempts set status = 'cancelled' where campaign_id = $1 and status <> 'done'", [
        s.campaignId,
      ]);
      const res = await fetch(`${t.baseUrl}/api/campaigns/${s.campaignId}/progress`, {
        headers: { authorization: `Bearer ${u.token}` },
      });
      const next = readSse<CampaignProgress>(res.body!);
      const only = (await next())!.data;
      assert.deepEqual(
        [only.status, only.done, only.by_outcome.cancelled, only.by_outcome.interested],
        ["completed", 3, 2, 1],
      );
      assert.equal(await next(), null);
    });

    test("another org's campaign answers 404 before any stream starts", async () => {
      const u = await buildUser(t);
      const s = await seed(u.orgId, "stopped");
      await t.db.query("update call_attempts set status = 'cancelled' where campaign_id = $1 and status <> 'done'", [
        s.campaignId,
      ]);
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/campaigns/${s.campaignId}/progress` });
      const missing = await t.request("GET", "/api/campaigns/not-a-uuid/progress", { token: u.token });
      assert.equal(missing.status, 404);
    });
  });
}
