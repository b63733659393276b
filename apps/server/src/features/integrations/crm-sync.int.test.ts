import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { sampleContacts, startHubspotServer, type HubspotServer } from "../../../../../tests/support/hubspot-server.ts";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { RETRY_DELAYS_MS } from "../../platform/retry-schedule.ts";
import { createLogger } from "../../platform/logger.ts";
import { startCrmSyncLoop } from "./crm-sync.wiring.ts";
import { DNC_PROPERTY } from "./hubspot-activities.ts";
import { insertAgentMeeting, insertCall, insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

const TOKEN = "pat-na1-11111111-2222-3333-4444-555555555555";
const log = createLogger({ logLevel: "silent" } as never);
const OPEN_ALL_DAY = { service: "sales", timezone: "UTC", business_hours_start: "00:00", business_hours_end: "00:00" };

for (const kind of await dbKinds()) {
  describe(`call results written back to HubSpot (${kind})`, () => {
    let t: TestApp;
    let hs: HubspotServer;
    let owner: TestUser;
    let campaignId: string;
    let loop: ReturnType<typeof startCrmSyncLoop>;
    before(async () => {
      hs = await startHubspotServer({ token: TOKEN, contacts: sampleContacts(), lists: [] });
      t = await startTestApp(kind, {
        env: {
          HUBSPOT_BASE_URL: hs.baseUrl,
          VOICE_MODE: "instant",
          SIMULATED_RING_MS: "100",
          PUBLIC_URL: "https://parley.example",
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "parley-crm-sync-")),
        },
      });
      owner = await buildUser(t);
      assert.equal(
        (await t.request("PUT", "/api/integrations/hubspot", { token: owner.token, body: { token: TOKEN } })).status,
        200,
      );
      campaignId = await insertCampaign(t.db, owner.orgId, { name: "Spring demo", ...OPEN_ALL_DAY });
      loop = startCrmSyncLoop(t.services.crmSync, { log, intervalMs: 50 });
    });
    after(async () => {
      await loop?.stop();
      await t?.close();
      await hs?.close();
    });

    /** A contact of the campaign; `hubspotId` as the CRM import keeps it ({{hubspot_id}}). */
    const contact = async (hubspotId: string | null, phone: string, orgId = owner.orgId, campaign = campaignId) => {
      const variables: Record<string, string> = hubspotId
        ? { hubspot_id: hubspotId, company: "Acme" }
        : { company: "Acme" };
      return insertContact(t.db, orgId, campaign, {
        name: "Ana Silva",
        phone_e164: phone,
        persona: "say:hello;hangup",
        variables,
      });
    };
    /** A finished call as the call runner leaves it (its call.completed queues the writes: `completed`). */
    const finishedCall = async (contactId: string, outcome: string, orgId = owner.orgId, campaign = campaignId) => {
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      return insertCall(t.db, orgId, {
        campaign_id: campaign,
        contact_id: contactId,
        status: "completed",
        outcome,
        lead_name: "Ben Okafor",
        lead_phone: "+14155550102",
        started_at: twoMinutesAgo,
        answered_at: twoMinutesAgo,
        ended_at: new Date(),
        duration_secs: 95,
        summary: "Asked for a demo next week.",
        transcript: [{ speaker: "agent", text: "Hello Ben.", startMs: 0, endMs: 900 }],
      });
    };
    // What the runner's call.completed does for the CRM (the first test goes through a real call's).
    const completed = (orgId: string, callId: string) => t.services.crmSync.service.callFinished(orgId, callId);
    /** The meeting the agent booked on the call; answers its calendar event's id. */
    const bookedOn = async (callId: string, title: string, meeting_url?: string) => {
      const meeting = { title, start_at: "2031-03-04T15:00:00Z", end_at: "2031-03-04T15:30:00Z", call_id: callId };
      return insertAgentMeeting(t.db, owner.orgId, { ...meeting, ...(meeting_url ? { meeting_url } : {}) });
    };
    const detail = async (callId: string, token = owner.token) =>
      (await t.request("GET", `/api/call-history/${callId}`, { token })).body.call;

    test("a call to a contact from HubSpot ends: a call activity is written on it; the log says synced", async () => {
      const id = await contact("101", numbersInHoursNow(1, 11)[0]!);
      const ring = await t.request("POST", "/api/calls", {
        token: owner.token,
        body: { campaign_id: campaignId, contact_id: id },
      });
      assert.equal(ring.status, 202, ring.text);
      const callId = ring.body.call.id;
      await until(async () => (await detail(callId)).crm_sync?.state === "synced", { what: "call synced", ms: 60_000 });
      const [written] = hs.state.calls;
      assert.ok(written, "HubSpot received a call");
      assert.deepEqual(written.contactIds, ["101"]);
      const [row] = await t.db.query<{ outcome: string; duration_secs: number; started_at: Date }>(
        "select outcome, duration_secs, started_at from calls where id = $1",
        [callId],
      );
      assert.equal(written.properties.hs_call_duration, String(row!.duration_secs * 1000));
      assert.equal(written.properties.hs_timestamp, row!.started_at.toISOString());
      assert.match(written.properties.hs_call_title!, /^Parley AI call \(Spring demo\): /);
      assert.match(written.properties.hs_call_body!, /Transcript \(excerpt\):<br>Agent: /);
      assert.match(
        written.properties.hs_call_recording_url!,
        new RegExp(`^https://parley\\.example/api/recordings/${callId}\\?exp=\\d+&sig=`),
      );
      const sync = (await detail(callId)).crm_sync;
      assert.deepEqual([sync.provider, sync.last_error, sync.next_attempt_at], ["hubspot", null, null]);
      assert.ok(Date.parse(sync.synced_at) > Date.now() - 60_000);
      const [w] = await t.db.query<{ crm_object_id: string }>(
        "select crm_object_id from crm_writes where call_id = $1",
        [callId],
      );
      assert.equal(w!.crm_object_id, written.id, "HubSpot's id of the call is kept");
    });

    test("a booked meeting is a meeting on the contact; an opt-out sets the do-not-call property", async () => {
      const callId = await finishedCall(await contact("102", "+14155550102"), "do_not_call");
      const room = "https://meet.jit.si/parley-k3v9q2m7xa";
      const eventId = await bookedOn(callId, "Spring demo: meeting with Ben Okafor", room);
      await completed(owner.orgId, callId);
      await until(async () => (await detail(callId)).crm_sync?.state === "synced", {
        what: "meeting and opt-out synced",
        ms: 20_000,
      });
      const meeting = hs.state.meetings.at(-1)!;
      assert.deepEqual(meeting.contactIds, ["102"]);
      assert.deepEqual(
        [meeting.properties.hs_meeting_title, meeting.properties.hs_meeting_start_time],
        ["Spring demo: meeting with Ben Okafor", "2031-03-04T15:00:00.000Z"],
      );
      assert.equal(meeting.properties.hs_meeting_location, room, "the same link as the invitation and the calendar");
      assert.equal(hs.state.calls.at(-1)!.properties.hs_call_title, "Parley AI call (Spring demo): Do not call");
      assert.deepEqual(
        hs.state.customProperties.map((p) => [p.name, p.type, p.fieldType]),
        [[DNC_PROPERTY, "bool", "booleancheckbox"]],
      );
      const patched = hs.state.requests.filter((r) => r === "PATCH /crm/v3/objects/contacts/102");
      assert.equal(patched.length, 2, "refused for the missing property, then set once it was created");

      // Cancelled in Parley afterwards: the meeting in HubSpot is marked cancelled.
      assert.equal((await t.request("DELETE", `/api/calendar/events/${eventId}`, { token: owner.token })).status, 200);
      await until(async () => meeting.properties.hs_meeting_outcome === "CANCELED", {
        what: "meeting cancelled in HubSpot",
        ms: 20_000,
      });
      assert.ok(hs.state.requests.includes(`PATCH /crm/v3/objects/meetings/${meeting.id}`));
      await until(async () => (await detail(callId)).crm_sync?.state === "synced", {
        what: "the cancellation synced",
        ms: 20_000,
      });
    });

    test("a meeting cancelled before reaching HubSpot: the cancel waits for the meeting, then cancels it", async () => {
      hs.state.outage = "503";
      const callId = await finishedCall(await contact("101", "+14155550111"), "scheduled");
      const eventId = await bookedOn(callId, "Spring demo: meeting with Ana Silva");
      await completed(owner.orgId, callId);
      await until(
        async () =>
          (
            await t.db.query<{ attempts: number }>(
              "select attempts from crm_writes where call_id = $1 and kind = 'meeting'",
              [callId],
            )
          )[0]!.attempts >= 1,
        { what: "meeting tried", ms: 20_000 },
      );
      assert.equal((await t.request("DELETE", `/api/calendar/events/${eventId}`, { token: owner.token })).status, 200);
      const cancellation = async () =>
        (
          await t.db.query<{ last_error: string | null }>(
            "select last_error from crm_writes where call_id = $1 and kind = 'meeting_cancelled'",
            [callId],
          )
        )[0];
      await until(
        async () => (await cancellation())?.last_error === "Waiting for the meeting itself to be written first.",
        { what: "the cancellation waits", ms: 20_000 },
      );
      const made = hs.state.meetings.length;
      hs.state.outage = null;
      await t.db.query(
        "update crm_writes set next_attempt_at = now() where call_id = $1 and kind <> 'meeting_cancelled'",
        [callId],
      );
      await until(async () => (await detail(callId)).crm_sync?.state === "synced", {
        what: "meeting written, then cancelled",
        ms: 20_000,
      });
      assert.equal(hs.state.meetings.length, made + 1);
      const meeting = hs.state.meetings.at(-1)!;
      assert.deepEqual([meeting.contactIds, meeting.properties.hs_meeting_outcome], [["101"], "CANCELED"]);
    });

    test("HubSpot down or at its daily limit: the write waits on the retry schedule, reason shown", async () => {
      hs.state.outage = "drop";
      const callId = await finishedCall(await contact("106", "+14155550106"), "interested");
      await completed(owner.orgId, callId);
      await until(async () => (await detail(callId)).crm_sync?.last_error != null, {
        what: "first attempt failed",
        ms: 20_000,
      });
      const waiting = (await detail(callId)).crm_sync;
      assert.equal(waiting.state, "pending");
      assert.match(waiting.last_error, /^Could not reach HubSpot/);
      const [w] = await t.db.query<{ attempts: number; wait: number }>(
        `select attempts, extract(epoch from next_attempt_at - last_attempt_at) * 1000 as wait from crm_writes
          where call_id = $1`,
        [callId],
      );
      assert.deepEqual([w!.attempts, Math.round(w!.wait)], [1, RETRY_DELAYS_MS[0]]);
      hs.state.outage = "503";
      await t.db.query("update crm_writes set next_attempt_at = now() where call_id = $1", [callId]);
      await until(
        async () =>
          (await t.db.query<{ attempts: number }>("select attempts from crm_writes where call_id = $1", [callId]))[0]!
            .attempts === 2,
        { what: "second attempt", ms: 20_000 },
      );
      assert.match((await detail(callId)).crm_sync.last_error, /HubSpot answered 503: Service Unavailable/);
      // HubSpot's daily API limit: the write waits on the schedule like an outage (retried, never failed).
      hs.state.outage = null;
      hs.state.rateLimitPolicy = "DAILY";
      hs.state.rateLimitNext = "/crm/v3/objects/calls";
      await t.db.query("update crm_writes set next_attempt_at = now() where call_id = $1", [callId]);
      await until(
        async () =>
          (await t.db.query<{ attempts: number }>("select attempts from crm_writes where call_id = $1", [callId]))[0]!
            .attempts === 3,
        { what: "third attempt", ms: 20_000 },
      );
      hs.state.rateLimitPolicy = "TEN_SECONDLY_ROLLING";
      const limited = (await detail(callId)).crm_sync;
      assert.equal(limited.state, "pending");
      assert.match(limited.last_error, /daily API limit/);
      await t.db.query("update crm_writes set next_attempt_at = now() where call_id = $1", [callId]);
      await until(async () => (await detail(callId)).crm_sync?.state === "synced", {
        what: "delivered after the outage",
        ms: 20_000,
      });
      assert.deepEqual(hs.state.calls.at(-1)!.contactIds, ["106"]);
    });

    test("a revoked token: the connection says reconnect; writes stay queued, sent after reconnecting", async () => {
      hs.state.token = "pat-na1-revoked-and-replaced";
      const before = hs.state.calls.length;
      const callId = await finishedCall(await contact("105", "+14155550105"), "interested");
      await completed(owner.orgId, callId);
      await until(async () => (await detail(callId)).crm_sync?.state === "reconnect", {
        what: "reconnect",
        ms: 20_000,
      });
      const integrations = await t.request("GET", "/api/integrations", { token: owner.token });
      assert.equal(integrations.body.hubspot.status, "reconnect");
      const sent = hs.state.requests.length;
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(hs.state.requests.length, sent, "nothing is sent while HubSpot needs reconnecting");
      const [w] = await t.db.query<{ status: string; attempts: number }>(
        "select status, attempts from crm_writes where call_id = $1",
        [callId],
      );
      assert.deepEqual([w!.status, w!.attempts], ["pending", 0], "kept, and the refusal is not counted as a try");
      assert.match((await detail(callId)).crm_sync.last_error, /connect HubSpot again/);

      hs.state.token = TOKEN;
      const tested = await t.request("POST", "/api/integrations/hubspot/test", { token: owner.token });
      assert.equal(tested.body.status, "connected", tested.text);
      await until(async () => (await detail(callId)).crm_sync?.state === "synced", {
        what: "sent after reconnecting",
        ms: 20_000,
      });
      assert.equal(hs.state.calls.length, before + 1);
    });

    test("tenancy: other orgs can't see a call's sync status; non-HubSpot contacts show nothing, unsent", async () => {
      const callId = await finishedCall(await contact(null, "+14155550199"), "interested");
      await completed(owner.orgId, callId);
      assert.equal((await detail(callId)).crm_sync, null);
      assert.equal((await t.db.query("select 1 from crm_writes where call_id = $1", [callId])).length, 0);
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/call-history/${callId}` });

      // Another organisation with a HubSpot id on its contact but no HubSpot of its own: queued, never sent with ours.
      const other = await buildUser(t);
      const theirsId = await insertCampaign(t.db, other.orgId, { name: "Theirs", ...OPEN_ALL_DAY });
      const theirs = await finishedCall(
        await contact("101", "+14155550101", other.orgId, theirsId),
        "interested",
        other.orgId,
        theirsId,
      );
      const sent = hs.state.calls.length;
      await completed(other.orgId, theirs);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(hs.state.calls.length, sent);
      const sync = (await detail(theirs, other.token)).crm_sync;
      assert.equal(sync.state, "not_connected");
      assert.equal((await t.request("GET", `/api/call-history/${theirs}`, { token: owner.token })).status, 404);
    });
  });
}
