import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createToneTts, echoBrain } from "@parley/voice/providers/instant-providers";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { seedCampaign } from "../../../../../tests/support/call-campaign.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { createScriptedStt } from "../../../../../tests/support/voice/test-providers.ts";

for (const kind of await routeDbKinds()) {
  describe(`a call is scored when it is saved, on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind, {
        voice: {
          telephony: createSimulatedTelephony({ tts: createToneTts(200), ringMs: 100 }),
          stt: createScriptedStt(["hello there", "ok bye"]),
          tts: createToneTts(300),
          brain: echoBrain,
          defaultVoiceId: "tone",
          recording: true,
        },
      });
      owner = await buildUser(t);
    });
    after(() => t.close());

    test("the scorecard is stored with the finished call, before anyone reads it", async () => {
      const { campaignId, contacts } = await seedCampaign(t, owner.orgId, ["say:Hello there;say:ok bye"]);
      const res = await t.request("POST", "/api/calls", {
        token: owner.token,
        body: { campaign_id: campaignId, contact_id: contacts[0] },
      });
      assert.equal(res.status, 202, res.text);
      const callId = res.body.call.id as string;
      const deadline = Date.now() + 30_000;
      let rows: { version: number; checks: { check: string }[] }[] = [];
      while (!rows.length && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        rows = await t.db.query("select version, checks from call_scorecards where call_id = $1", [callId]);
      }
      assert.equal(rows.length, 1, "scored as the call was closed");
      assert.equal(rows[0]!.checks.length, 12);
      // The echo brain's greeting says it is an AI but not that the (recorded) call is recorded.
      const result = (id: string) => (rows[0]!.checks.find((c) => c.check === id) as { result?: string })?.result;
      assert.equal(result("ai_disclosed"), "pass");
      assert.equal(result("recording_disclosed"), "fail");
    });
  });
}
