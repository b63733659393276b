import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { decodeWav } from "@parley/voice/audio/wav";
import { createToneTts, echoBrain } from "@parley/voice/providers/instant-providers";
import { createScriptedStt } from "../../../../../tests/support/voice/test-providers.ts";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { seedCampaign } from "../../../../../tests/support/call-campaign.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { readStored } from "../../../../../tests/support/stored-files.ts";

/** Reads the live stream of a call until it ends; answers every message. */
async function follow(t: TestApp, token: string, callId: string) {
  const res = await fetch(`${t.baseUrl}/api/calls/${callId}/events`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.headers.get("content-type"), "text/event-stream");
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((m) => m.startsWith("event: call"))
    .map((m) => JSON.parse(m.split("data: ")[1]!));
}

for (const kind of await dbKinds()) {
  describe(`calls on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      const tts = createToneTts(200);
      t = await startTestApp(kind, {
        voice: {
          telephony: createSimulatedTelephony({ tts, ringMs: 100 }),
          stt: createScriptedStt(["hello there", "ok bye", "ok bye", "ok bye"]),
          tts: createToneTts(300),
          brain: echoBrain,
          defaultVoiceId: "tone",
          recording: true,
        },
      });
      owner = await buildUser(t);
    });
    after(() => t.close());

    test("POST /api/calls rings the contact now; the live stream follows it to the end", async () => {
      const { campaignId, contacts } = await seedCampaign(t, owner.orgId, ["say:Hello there;say:ok bye"]);
      const res = await t.request("POST", "/api/calls", {
        token: owner.token,
        body: { campaign_id: campaignId, contact_id: contacts[0] },
      });
      assert.equal(res.status, 202);
      const messages = await follow(t, owner.token, res.body.call.id);
      const last = messages.at(-1);
      assert.equal(last.status, "completed");
      assert.equal(last.outcome, "interested");
      assert.deepEqual(
        last.transcript.map((x: { speaker: string }) => x.speaker),
        ["agent", "callee", "agent", "callee", "agent"],
      );
      assert.ok(
        messages.some((m) => m.status === "in_progress" && m.ended_at === null),
        "live messages arrive before the end",
      );

      const [row] = await t.db.query<{
        recording_key: string;
        duration_secs: number;
        latency: unknown[];
        answered_at: Date;
      }>("select recording_key, duration_secs, latency, answered_at from calls where id = $1", [res.body.call.id]);
      assert.ok(row!.answered_at);
      assert.equal(row!.latency.length, 3);
      const wav = decodeWav(await readStored(t.services.storage, row!.recording_key));
      assert.equal(wav.channels, 2);
      assert.ok(wav.samples.length / 2 / wav.sampleRate >= row!.duration_secs - 1);
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/calls/${res.body.call.id}/events` });
      const one = await t.request("GET", `/api/calls/${res.body.call.id}`, { token: owner.token });
      assert.equal(one.status, 200);
      assert.deepEqual(one.body.call, last);
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/calls/${res.body.call.id}` });
    });

    test("a number on the do-not-call list is never rung", async () => {
      const { campaignId, contacts } = await seedCampaign(t, owner.orgId, ["say:hi"]);
      const [c] = await t.db.query<{ phone_e164: string }>("select phone_e164 from contacts where id = $1", [
        contacts[0],
      ]);
      await t.request("POST", "/api/dnc", { token: owner.token, body: { phone: c!.phone_e164 } });
      const res = await t.request("POST", "/api/calls", {
        token: owner.token,
        body: { campaign_id: campaignId, contact_id: contacts[0] },
      });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.message, "This number is on the do-not-call list.");
    });

    test("another organisation's contact cannot be called", async () => {
      const { campaignId, contacts } = await seedCampaign(t, owner.orgId, ["busy"]);
      await assertOrgIsolation(
        t,
        owner,
        { method: "POST", path: "/api/calls", body: { campaign_id: campaignId, contact_id: contacts[0] } },
        { ownerStatus: 202 },
      );
    });
  });
}
