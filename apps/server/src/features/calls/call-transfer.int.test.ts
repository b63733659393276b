import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { TRANSFER_TO_MESSAGE } from "@parley/shared/call-transfer";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { callByHand } from "../../../../../tests/support/call-by-hand.ts";

// "Transfer to" end to end on the offline voice engine: the setting through create/update, then a call placed
// through the HTTP API and the dialer on the simulated carrier whose contact asks for a real person (flite
// voices, pocketsphinx), the person rung on the same carrier, and the call's details. Real time: first engine only.
const [kind] = await dbKinds();

describe(`transfer to a person on the simulated carrier (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  before(async () => {
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: { SIMULATED_RING_MS: "300" },
    });
    owner = await buildUser(t);
  });
  after(() => t.close());

  async function campaign(transferTo: string): Promise<string> {
    const res = await t.request("POST", "/api/create_campaign", {
      token: owner.token,
      body: {
        name: `Support ${transferTo}`,
        service: "premium plans",
        save_as_draft: true,
        campaign_timezone: "UTC",
        transfer_to: transferTo,
      },
    });
    assert.equal(res.status, 201, res.text);
    return res.body.campaign.id as string;
  }

  /** One call to a contact who asks for a person, placed by POST /api/calls; answers its details once over. */
  async function call(campaignId: string, i: number) {
    const { id } = await callByHand(t, owner, campaignId, "person", { numberIndex: i, waitMs: 90_000 });
    const detail = await t.request("GET", `/api/call-history/${id}`, { token: owner.token });
    assert.equal(detail.status, 200, detail.text);
    return detail.body.call;
  }

  test("Transfer to is validated with a clear message, normalised, kept by update and cleared when blank", async () => {
    const bad = await t.request("POST", "/api/create_campaign", {
      token: owner.token,
      body: { name: "Bad", save_as_draft: true, transfer_to: "call Sam" },
    });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), new RegExp(TRANSFER_TO_MESSAGE.slice(0, 40).replace(/[()+.]/g, "\\$&")));
    const id = await campaign("+1 (555) 010-2000");
    const got = await t.request("GET", `/api/campaigns/${id}`, { token: owner.token });
    assert.equal(got.body.campaign.transfer_to, "+15550102000");
    const other = await t.request("PUT", `/api/campaigns/${id}`, {
      token: owner.token,
      body: { description: "still there" },
    });
    assert.equal(other.body.campaign.transfer_to, "+15550102000", "an update that does not send it keeps it");
    const sip = await t.request("PUT", `/api/campaigns/${id}`, {
      token: owner.token,
      body: { transfer_to: "sip:sales@pbx.example.com:5070" },
    });
    assert.equal(sip.body.campaign.transfer_to, "sip:sales@pbx.example.com:5070");
    const badSip = await t.request("PUT", `/api/campaigns/${id}`, {
      token: owner.token,
      body: { transfer_to: "sip:@" },
    });
    assert.equal(badSip.status, 400);
    const cleared = await t.request("PUT", `/api/campaigns/${id}`, { token: owner.token, body: { transfer_to: "" } });
    assert.equal(cleared.body.campaign.transfer_to, null);
  });

  test("the caller asks for a person who answers: connected, logged as a transfer, outcome transferred", async () => {
    const c = await call(await campaign("+15550102000"), 0);
    const said = c.transcript.map((x: { speaker: string; text: string }) => `${x.speaker}: ${x.text}`).join("\n");
    assert.match(said, /connect you with someone from the team/, said);
    assert.equal(c.outcome, "transferred", said);
    assert.equal(c.status, "transferred");
    const transfer = c.interventions.find((i: { kind: string }) => i.kind === "transfer");
    assert.deepEqual(transfer.transfer, { to: "+15550102000", answered: true, detail: null });
    assert.equal(transfer.by_name, null);
  });
  // The way back when nobody answers is measured on the session (call-transfer.test.ts) and over SIP with baresip:
  // each offline call here costs a minute of real time.
});
