import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";

// Calls on the simulated carrier that nobody talks on still leave a summary saying what happened. Real-time
// voice calls: the first engine only, as in offline-calls.int.test.ts.
const [kind] = await dbKinds();

type CallRow = { status: string; outcome: string; summary: string; transcript: Array<{ speaker: string; text: string; interrupted?: boolean }> };

describe(`summaries of calls without a conversation (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let campaignId: string;
  before(async () => {
    t = await startTestApp(kind!, { env: { SIMULATED_RING_MS: "300" } });
    owner = await buildUser(t);
    const [c] = await t.db.query<{ id: string }>(
      `insert into campaigns (org_id, name, service, status, timezone, business_hours_start, business_hours_end)
       values ($1, 'Summaries', 'sales', 'draft', 'UTC', '09:00', '17:00') returning id`,
      [owner.orgId],
    );
    campaignId = c!.id;
  });
  after(() => t.close());

  async function call(persona: string, i: number): Promise<CallRow> {
    const [ct] = await t.db.query<{ id: string }>(
      `insert into contacts (org_id, campaign_id, line_number, name, first_name, phone_e164, persona) values ($1, $2, $3, 'Maya Patel', 'Maya', $4, $5) returning id`,
      [owner.orgId, campaignId, i + 2, numbersInHoursNow(1, 40 + i)[0], persona],
    );
    const res = await t.request("POST", "/api/calls", { token: owner.token, body: { campaign_id: campaignId, contact_id: ct!.id } });
    assert.equal(res.status, 202, res.text);
    for (let waited = 0; waited < 120_000; waited += 250) {
      const [row] = await t.db.query<CallRow & { ended_at: Date | null }>("select * from calls where id = $1", [res.body.call.id]);
      if (row!.ended_at) return row!;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`call for ${persona} never ended`);
  }

  test("a voicemail call's row says the message was left", async () => {
    const vm = await call("voicemail", 0);
    const said = vm.transcript.map((x) => `${x.speaker}${x.interrupted ? "*" : ""}: ${x.text}`).join("\n");
    assert.equal(vm.outcome, "voicemail", said);
    assert.equal(vm.summary, "Reached voicemail; left the message.", said);
  });

  test("no answer, busy and failed calls have a summary saying so", async () => {
    const [none, busy, failed] = await Promise.all([call("no_answer", 1), call("busy", 2), call("failed", 3)]);
    assert.deepEqual([none.outcome, none.summary], ["no_answer", "No answer."]);
    assert.deepEqual([busy.outcome, busy.summary], ["busy", "The line was busy."]);
    assert.equal(failed.outcome, "failed");
    assert.match(failed.summary, /^The call failed/);
  });
});
