import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createFliteTts } from "@parley/voice/providers/tts/flite";
import { createToneTts, echoBrain } from "@parley/voice/providers/instant-providers";
import { createScriptedStt } from "../../../../../tests/support/voice/test-providers.ts";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { createCallsRepo } from "../calls/calls.repo.ts";
import { handshakeStatus, openWebCall } from "../../../../../tests/support/web-call-client.ts";
import { createWebCallRepo } from "./web-call.repo.ts";
import { insertCampaign } from "../../../../../tests/support/seed.ts";

/** Real speech at 16 kHz (flite's slt voice), followed by silence so the agent hears the end of the turn. */
async function utterance(text: string): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const c of createFliteTts().synthesize(text, { voiceId: "flite:slt", sampleRate: 16_000 })) chunks.push(c);
  const speech = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Int16Array(speech + 16_000); // + 1 s of silence
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function seedCampaign(t: TestApp, orgId: string): Promise<string> {
  return insertCampaign(t.db, orgId, { service: "premium plans", timezone: "UTC" });
}

/** A test call's row as the web-call service makes it: 3 places, leased for a minute. */
const LEASE = { max: 3, leaseMs: 60_000 };

for (const kind of await dbKinds()) {
  describe(`web test call on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let campaignId: string;
    const stt = createScriptedStt(["tell me about the premium plan", "ok bye"]);
    const ws = (path: string) => t.baseUrl.replace(/^http/, "ws") + path;
    const ticket = async () =>
      (await t.request("POST", `/api/campaigns/${campaignId}/test-call`, { token: owner.token })).body;

    before(async () => {
      t = await startTestApp(kind, {
        warmRecognizers: true,
        voice: {
          telephony: createSimulatedTelephony({ tts: createToneTts(200), ringMs: 100 }),
          stt,
          tts: createToneTts(300),
          brain: echoBrain,
          defaultVoiceId: "tone",
          recording: true,
        },
      });
      owner = await buildUser(t);
      campaignId = await seedCampaign(t, owner.orgId);
    });
    after(() => t.close());

    test("POST /campaigns/{id}/test-call answers a ticket and a socket path; org-scoped", async () => {
      const res = await t.request("POST", `/api/campaigns/${campaignId}/test-call`, { token: owner.token });
      assert.equal(res.status, 201);
      assert.match(res.body.ticket, /^[\w-]{32}$/);
      assert.equal(res.body.ws_url, `/api/media/web?campaign_id=${campaignId}&ticket=${res.body.ticket}`);
      assert.equal(res.body.expires_in_secs, 60);
      await assertOrgIsolation(
        t,
        owner,
        { method: "POST", path: `/api/campaigns/${campaignId}/test-call` },
        { ownerStatus: 201 },
      );
      const missing = await t.request("POST", "/api/campaigns/not-a-uuid/test-call", { token: owner.token });
      assert.equal(missing.status, 400);
    });

    test("a test call has no contact: its agent context names the signed-in staff member", async () => {
      const id = await createWebCallRepo(t.db).createTestCall(owner.orgId, campaignId, owner.userId, LEASE);
      const web = await createCallsRepo(t.db).context(id!);
      assert.equal(web!.contact_name, "Ada Lovelace");
      assert.equal(web!.first_name, "Ada");
      assert.equal(web!.contact_id, "");
      assert.deepEqual(web!.variables, {});
      assert.equal(
        await createWebCallRepo(t.db).createTestCall(owner.orgId, campaignId, (await buildUser(t)).userId, LEASE),
        null,
        "a stranger is no member of this org",
      );
      await t.db.query("delete from calls where campaign_id = $1", [campaignId]);
    });

    test("the socket refuses a missing, wrong-campaign, forged or spent ticket before the upgrade", async () => {
      assert.equal(await handshakeStatus(ws(`/api/media/web?campaign_id=${campaignId}`)), 401);
      assert.equal(await handshakeStatus(ws(`/api/media/web?campaign_id=${campaignId}&ticket=forged`)), 401);
      const other = await seedCampaign(t, owner.orgId);
      const a = await ticket();
      assert.equal(await handshakeStatus(ws(`/api/media/web?campaign_id=${other}&ticket=${a.ticket}`)), 401);
      // That attempt spent the ticket: single use even when the first use was refused.
      assert.equal(await handshakeStatus(ws(a.ws_url)), 401);
      const b = await ticket();
      const call = await openWebCall(ws(b.ws_url));
      await call.waitFor("ready");
      assert.equal(await handshakeStatus(ws(b.ws_url)), 401);
      call.send({ type: "hangup" });
      const ended = await call.waitFor("ended");
      assert.equal(ended.reason, "cancelled");
      await call.closed;
    });

    test("at most 3 test calls per org at a time, counted across processes; the 4th is refused clearly", async () => {
      const BUSY = /^3 test calls are already running in your organisation\. Hang one up, then try again\.$/;
      // Another API process runs one of them: only its row, leased, says so.
      const elsewhere = await createWebCallRepo(t.db).createTestCall(owner.orgId, campaignId, owner.userId, LEASE);
      assert.ok(elsewhere && elsewhere !== "busy");
      // Four tickets taken before any call starts: the places are counted again as each call starts.
      const tickets = await Promise.all([1, 2, 3, 4].map(() => ticket()));
      const calls = [];
      for (const { ws_url } of tickets.slice(0, 2)) calls.push(await openWebCall(ws(ws_url)));
      await Promise.all(calls.map((c) => c.waitFor("ready")));
      const late = await openWebCall(ws(tickets[2]!.ws_url));
      assert.match((await late.waitFor("error")).message, BUSY);
      assert.equal(await late.closed, 4409);
      const refused = await t.request("POST", `/api/campaigns/${campaignId}/test-call`, { token: owner.token });
      assert.equal(refused.status, 409);
      assert.match(refused.body.error.message, BUSY);

      // The other process died: its call's lease runs out, the sweep closes it, and its place is free.
      await t.db.query("update calls set lease_expires_at = now() - interval '1 second' where id = $1", [elsewhere]);
      assert.equal(await t.services.calls.leases.sweep(), 1);
      const [closed] = await t.db.query<{ status: string }>("select status from calls where id = $1", [elsewhere]);
      assert.equal(closed!.status, "dropped");
      const fourth = await openWebCall(ws(tickets[3]!.ws_url));
      await fourth.waitFor("ready");
      calls.push(fourth);

      calls[0]!.send({ type: "hangup" });
      await calls[0]!.closed;
      assert.equal(
        (await t.request("POST", `/api/campaigns/${campaignId}/test-call`, { token: owner.token })).status,
        201,
      );
      for (const c of calls.slice(1)) c.send({ type: "hangup" });
      await Promise.all(calls.map((c) => c.closed));
      const open = await t.db.query("select id from calls where campaign_id = $1 and ended_at is null", [campaignId]);
      assert.deepEqual(open, [], "every test call's row is closed");
    });

    test("a whole call: greeting audio and transcript, the callee's speech heard, the record saved as a test call", {
      timeout: 60_000,
    }, async () => {
      const { ws_url } = await ticket();
      const call = await openWebCall(ws(ws_url));
      const ready = await call.waitFor("ready");
      assert.equal(ready.sample_rate, 16_000);
      call.send({ type: "start" });

      const greeting = await call.waitFor("transcript", (m) => m.turn.speaker === "agent");
      assert.match(greeting.turn.text, /^Hi Ada, this is an AI assistant calling for Acme/);
      // Tone TTS speaks 50 ms per character: the whole greeting arrived as 16 kHz audio.
      assert.ok(
        call.agentSamples >= greeting.turn.text.length * 50 * 16 * 0.95,
        `greeting audio: ${call.agentSamples} samples`,
      );
      await call.waitFor("agent_speaking", (m) => !m.speaking);
      assert.deepEqual(
        call.messages.filter((m) => m.type === "agent_speaking").map((m) => m.type === "agent_speaking" && m.speaking),
        [true, false],
      );

      const question = await utterance("Tell me about the premium plan.");
      await call.speak(question);
      const heard = await call.waitFor("transcript", (m) => m.turn.speaker === "callee");
      assert.equal(heard.turn.text, "tell me about the premium plan");
      // The STT was fed the speech that crossed the socket (VAD trims leading silence and keeps a tail).
      assert.ok(stt.heard[0]! > (question.length - 16_000) * 0.6, `speech samples heard: ${stt.heard[0]}`);
      await call.waitFor(
        "transcript",
        (m) => m.turn.speaker === "agent" && m.turn.text.startsWith("You said tell me about the premium plan"),
      );

      await call.speak(await utterance("Okay, bye."));
      const ended = await call.waitFor("ended");
      assert.equal(ended.reason, "completed");
      assert.equal(await call.closed, 1000);

      const [row] = await t.db.query<{
        direction: string;
        status: string;
        contact_id: string | null;
        lead_name: string;
        transcript: { speaker: string }[];
        recording_key: string | null;
        org_id: string;
      }>(
        "select direction, status, contact_id, lead_name, transcript, recording_key, org_id from calls where id = $1",
        [ended.call_id],
      );
      assert.equal(row!.org_id, owner.orgId);
      assert.equal(row!.direction, "WEB");
      assert.equal(row!.status, "completed");
      assert.equal(row!.contact_id, null);
      assert.equal(row!.lead_name, "Ada Lovelace");
      assert.deepEqual(
        row!.transcript.map((x) => x.speaker),
        ["agent", "callee", "agent", "callee", "agent"],
      );
      assert.ok(row!.recording_key);
      // A test call is not a campaign call: the campaign's counters do not move.
      const campaign = await t.request("GET", `/api/campaigns/${campaignId}`, { token: owner.token });
      assert.equal(campaign.body.calls_made ?? campaign.body.campaign?.calls_made, 0);
    });
  });
}
