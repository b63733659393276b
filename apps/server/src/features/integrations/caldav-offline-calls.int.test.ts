import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DateTime } from "luxon";
import { startRadicale, type Radicale } from "../../../../../tests/support/radicale.ts";
import { callByHand } from "../../../../../tests/support/call-by-hand.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { insertCampaign } from "../../../../../tests/support/seed.ts";
import { contactZone } from "../calls/contact-zone.ts";

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
      startTestApp(kind!, {
        warmRecognizers: true,
        env: { SIMULATED_RING_MS: "300", INTEGRATIONS_ALLOW_PRIVATE_URLS: "1" },
      }),
      startRadicale(),
    ]);
    owner = await buildUser(t);
    campaignId = await insertCampaign(t.db, owner.orgId, {
      name: "Premium plans",
      service: "premium plans",
      timezone: "UTC",
      // The callee is in a country where it is day now, and asks for 10 am on their clock: on the team's 09:00-17:00
      // in UTC that hour is outside meeting hours for half the day's runs. The team takes meetings at any hour here.
      business_hours_start: "00:00",
      business_hours_end: "23:30",
      goal: "Book a demo of the premium plan",
    });
    const connected = await t.request("PUT", "/api/integrations/caldav", {
      token: owner.token,
      body: { url: radicale.calendarUrl, username: radicale.username, password: radicale.password },
    });
    assert.equal(connected.status, 200, connected.text);
  });
  after(async () => {
    await t?.close();
    await radicale?.close();
  });

  test("the agent books from Parley's calendar, notes say so, and the meeting reaches the team's later", async () => {
    await radicale.stop();
    let callId: string;
    let phone: string;
    try {
      const call =
        // "Yes." answers the agent's read-back of the time ("Just to confirm, shall I book …?").
        await callByHand(t, owner, campaignId, "say:Hello?;say:OK book me Thursday at 10 am;say:Yes.;hangup", {
          numberIndex: 12,
        });
      callId = call.id;
      phone = call.phone;
      const detail = (await t.request("GET", `/api/call-history/${callId}`, { token: owner.token })).body.call;
      const transcript = detail.transcript
        .map((x: { speaker: string; text: string }) => `${x.speaker}: ${x.text}`)
        .join("\n");
      assert.equal(detail.outcome, "scheduled", transcript);
      assert.match(
        detail.extracted.calendar_note,
        /could not be reached.*Parley's own calendar only/,
        "the call's notes say where the times came from",
      );
      const status = (await t.request("GET", "/api/integrations", { token: owner.token })).body.caldav;
      assert.equal(status.status, "unreachable");
    } finally {
      await radicale.start();
    }
    const [meeting] = await t.db.query<{ id: string; start_at: Date }>(
      "select id, start_at from calendar_events where call_id = $1 and status <> 'cancelled'",
      [callId],
    );
    assert.ok(meeting, "the meeting is in Parley's calendar");
    // Thursday at 10 on the contact's clock: the zone of their number (the test picks a country in daytime now).
    const local = DateTime.fromJSDate(meeting.start_at, { zone: contactZone(phone, "UTC") });
    assert.deepEqual([local.weekday, local.hour], [4, 10]);
    // The calendar answers again: Test connection does what the outage left, so the salesperson sees the meeting.
    assert.equal(
      (await t.request("POST", "/api/integrations/caldav/test", { token: owner.token })).body.status,
      "connected",
    );
    const written = (await radicale.events()).filter((e) => e.includes(`UID:${meeting.id}@parley`));
    assert.equal(written.length, 1);
    // The meeting's own instant (10:00 on the contact's clock), in UTC as the feed writes it.
    const utc = DateTime.fromJSDate(meeting.start_at, { zone: "utc" }).toFormat("yyyyMMdd'T'HHmmss'Z'");
    assert.ok(written[0]!.includes(`DTSTART:${utc}`), written[0]);
  });
});
