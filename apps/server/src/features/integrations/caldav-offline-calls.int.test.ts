import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { startRadicale, type Radicale } from "../../../../../tests/support/radicale.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";

// A whole call with the offline voice engine (flite, pocketsphinx, the rules brain) while the team's CalDAV
// calendar is down. Its name puts it in scripts/test.sh's lane of whole calls ("offline-calls"); the voice path
// does not depend on the database engine, so it runs on the first one only. The booking rules themselves
// (busy times, never over a Parley meeting) are integrations.int.test.ts's; this follows one call end to end.
const [kind] = await dbKinds();

describe(`a call while the team's calendar cannot be reached, against radicale (${kind})`, () => {
  let t: TestApp;
  let radicale: Radicale;
  let owner: TestUser;
  let campaignId: string;
  before(async () => {
    [t, radicale] = await Promise.all([
      startTestApp(kind!, { env: { SIMULATED_RING_MS: "300", INTEGRATIONS_ALLOW_PRIVATE_URLS: "1" } }),
      startRadicale(),
    ]);
    owner = await buildUser(t);
    const [c] = await t.db.query<{ id: string }>(
      `insert into campaigns (org_id, name, service, status, timezone, business_hours_start, business_hours_end, goal)
       values ($1, 'Premium plans', 'premium plans', 'draft', 'UTC', '09:00', '17:00', 'Book a demo of the premium plan') returning id`,
      [owner.orgId],
    );
    campaignId = c!.id;
    const connected = await t.request("PUT", "/api/integrations/caldav", {
      token: owner.token, body: { url: radicale.calendarUrl, username: radicale.username, password: radicale.password },
    });
    assert.equal(connected.status, 200, connected.text);
  });
  after(async () => {
    await t?.close();
    await radicale?.close();
  });

  test("the agent books from Parley's own calendar, the call's notes say so, and the meeting reaches the team's calendar once it answers", async () => {
    const [ct] = await t.db.query<{ id: string }>(
      `insert into contacts (org_id, campaign_id, line_number, name, first_name, phone_e164, persona) values ($1, $2, 2, 'Maya Patel', 'Maya', $3, $4) returning id`,
      [owner.orgId, campaignId, numbersInHoursNow(1, 12)[0], "say:Hello?;say:OK book me Thursday at 10 am;hangup"],
    );
    await radicale.stop();
    let callId: string;
    try {
      const ring = await t.request("POST", "/api/calls", { token: owner.token, body: { campaign_id: campaignId, contact_id: ct!.id } });
      assert.equal(ring.status, 202, ring.text);
      callId = ring.body.call.id;
      await until(async () => (await t.db.query<{ ended_at: Date | null }>("select ended_at from calls where id = $1", [callId]))[0]!.ended_at !== null, {
        what: "the call ended", ms: 120_000,
      });
      const detail = (await t.request("GET", `/api/call-history/${callId}`, { token: owner.token })).body.call;
      const transcript = detail.transcript.map((x: { speaker: string; text: string }) => `${x.speaker}: ${x.text}`).join("\n");
      assert.equal(detail.outcome, "scheduled", transcript);
      assert.match(detail.extracted.calendar_note, /could not be reached.*Parley's own calendar only/, "the call's notes say where the times came from");
      const status = (await t.request("GET", "/api/integrations", { token: owner.token })).body.caldav;
      assert.equal(status.status, "unreachable");
    } finally {
      await radicale.start();
    }
    const [meeting] = await t.db.query<{ id: string; start_at: Date }>(
      "select id, start_at from calendar_events where call_id = $1 and status <> 'cancelled'", [callId],
    );
    assert.ok(meeting, "the meeting is in Parley's calendar");
    assert.deepEqual([meeting.start_at.getUTCDay(), meeting.start_at.getUTCHours()], [4, 10]);
    // The calendar answers again: Test connection does what the outage left, so the salesperson sees the meeting.
    assert.equal((await t.request("POST", "/api/integrations/caldav/test", { token: owner.token })).body.status, "connected");
    const written = (await radicale.events()).filter((e) => e.includes(`UID:${meeting.id}@parley`));
    assert.equal(written.length, 1);
    assert.match(written[0]!, /DTSTART:\d{8}T100000Z/);
  });
});
