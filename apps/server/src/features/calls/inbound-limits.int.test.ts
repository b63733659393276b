import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CallRefusedMessages as M } from "@parley/shared/calls";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { insertCall, insertCampaign, insertContact, setOrgLimits } from "../../../../../tests/support/seed.ts";

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
    await setOrgLimits(t.db, owner.orgId, { max_concurrent_calls: 1 });
    const campaignId = await insertCampaign(t.db, owner.orgId, {
      name: "Dialer",
      status: "active",
      timezone: "UTC",
      business_hours_start: "00:00",
      business_hours_end: "00:00",
    });
    const contactId = await insertContact(t.db, owner.orgId, campaignId, { name: "Ken", phone_e164: "+819012345678" });
    const live = await insertCall(t.db, owner.orgId, {
      campaign_id: campaignId,
      direction: "INBOUND",
      lead_phone: "+15550102030",
    });
    const refused = await t.request("POST", "/api/calls", {
      token: owner.token,
      body: { campaign_id: campaignId, contact_id: contactId },
    });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error.message, M.orgLimit(1));
    await t.db.query("update calls set ended_at = now(), status = 'completed' where id = $1", [live]);
    const rung = await t.request("POST", "/api/calls", {
      token: owner.token,
      body: { campaign_id: campaignId, contact_id: contactId },
    });
    assert.equal(rung.status, 202, rung.text);
  });
});
