import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CallRefusedMessages as M } from "@parley/shared/calls";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";

// An inbound call on the line takes one of the organisation's lines: the dialer (here "ring now") counts it.
const [kind] = await dbKinds();
// Tuesday 3 March 2026, 10:00 in Tokyo: the test number (a Japanese mobile) is inside its 08:00–21:00.
const TOKYO_10AM = new Date("2026-03-03T01:00:00Z");

describe(`inbound calls count against the organisation's limit (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  before(async () => {
    t = await startTestApp(kind!, { clock: { now: () => TOKYO_10AM } });
    owner = await buildUser(t);
  });
  after(() => t.close());

  test("one line, taken by a caller: ringing a contact is refused until the inbound call ends", async () => {
    await t.db.query("insert into org_limits (org_id, max_concurrent_calls) values ($1, 1) on conflict (org_id) do update set max_concurrent_calls = 1", [owner.orgId]);
    const [k] = await t.db.query<{ id: string }>(
      "insert into campaigns (org_id, name, status, timezone, business_hours_start, business_hours_end) values ($1, 'Dialer', 'active', 'UTC', '00:00', '00:00') returning id",
      [owner.orgId],
    );
    const [ct] = await t.db.query<{ id: string }>(
      "insert into contacts (org_id, campaign_id, line_number, name, phone_e164) values ($1, $2, 2, 'Ken', '+819012345678') returning id",
      [owner.orgId, k!.id],
    );
    const [live] = await t.db.query<{ id: string }>(
      "insert into calls (org_id, campaign_id, direction, lead_phone, status, started_at) values ($1, $2, 'INBOUND', '+15550102030', 'in_progress', now()) returning id",
      [owner.orgId, k!.id],
    );
    const refused = await t.request("POST", "/api/calls", { token: owner.token, body: { campaign_id: k!.id, contact_id: ct!.id } });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error.message, M.orgLimit(1));
    await t.db.query("update calls set ended_at = now(), status = 'completed' where id = $1", [live!.id]);
    const rung = await t.request("POST", "/api/calls", { token: owner.token, body: { campaign_id: k!.id, contact_id: ct!.id } });
    assert.equal(rung.status, 202, rung.text);
  });
});
