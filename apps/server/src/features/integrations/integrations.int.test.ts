import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startRadicale, type Radicale } from "../../../../../tests/support/radicale.ts";
import { addTeamMember } from "../../../../../tests/support/team-members.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

// Friday 1 March 2030; the meetings are on Monday 4 March, business hours 09:00–17:00 UTC.
const NOW = new Date("2030-03-01T12:00:00Z");
const HOURS = { start: "09:00", end: "17:00" };
const busyIcs =
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Fastmail//EN\r\nBEGIN:VEVENT\r\nUID:dentist-1\r\n" +
  "DTSTAMP:20300101T000000Z\r\nDTSTART:20300304T100000Z\r\nDTEND:20300304T110000Z\r\nSUMMARY:Dentist\r\n" +
  "END:VEVENT\r\nEND:VCALENDAR\r\n";
const overlaps = (s: { start: string; end: string }, from: string, to: string) =>
  Date.parse(s.start) < Date.parse(to) && Date.parse(s.end) > Date.parse(from);

for (const kind of await routeDbKinds()) {
  describe(`The team's calendar over CalDAV, against radicale (${kind})`, () => {
    let t: TestApp;
    let radicale: Radicale;
    let owner: TestUser;
    before(async () => {
      [t, radicale] = await Promise.all([
        startTestApp(kind, { clock: { now: () => NOW }, env: { INTEGRATIONS_ALLOW_PRIVATE_URLS: "1" } }),
        startRadicale(),
      ]);
      owner = await buildUser(t);
    });
    after(async () => {
      await t?.close();
      await radicale?.close();
    });

    const connect = (body: unknown, token = owner.token) =>
      t.request("PUT", "/api/integrations/caldav", { token, body });
    const book = (startAt: string) =>
      t.services.calendar.service.bookMeeting(owner.orgId, {
        title: "Acme: meeting with Ana",
        startAt,
        durationMinutes: 30,
        timezone: "UTC",
        businessHours: HOURS,
      });
    const parleyEvents = async () => (await radicale.events()).filter((e) => /UID:[0-9a-f-]+@parley/.test(e));

    test("connecting tests the account: bad password, no answer, no calendar: refused with what to fix", async () => {
      const wrong = await connect({ url: radicale.calendarUrl, username: radicale.username, password: "not-it" });
      assert.equal(wrong.status, 400, wrong.text);
      assert.equal(wrong.body.error.code, "validation_failed");
      assert.match(wrong.body.error.message, /refused this username and password/);
      assert.deepEqual(
        wrong.body.error.details.map((d: { path: string }) => d.path),
        ["password"],
      );

      const nobody = await connect({ url: "http://127.0.0.1:9/dav/", username: "a", password: "b" });
      assert.equal(nobody.status, 400);
      assert.match(
        nobody.body.error.message,
        /Could not reach the calendar server: the calendar server refused the connection/,
      );

      const notCalendar = await connect({ url: `${t.baseUrl}/api/health`, username: "a", password: "b" });
      assert.equal(notCalendar.status, 400);
      assert.match(notCalendar.body.error.message, /No calendar was found at this address/);

      const bad = await connect({ url: "caldav.fastmail.com", username: "", password: "" });
      assert.equal(bad.status, 400);
      assert.match(bad.body.error.message, /starting with https:\/\//);

      const member = await addTeamMember(t, owner, "member");
      assert.equal(
        (
          await connect(
            { url: radicale.calendarUrl, username: radicale.username, password: radicale.password },
            member.token,
          )
        ).status,
        403,
      );
      assert.equal((await t.request("GET", "/api/integrations", { token: member.token })).status, 403);
      const list = await t.request("GET", "/api/integrations", { token: owner.token });
      assert.deepEqual(list.body, { caldav: null, hubspot: null });
    });

    test("a good account is saved with its calendar, password encrypted, not sent back; meetings copied", async () => {
      const earlier = await book("2030-03-04T12:00:00Z");
      const dropped = await book("2030-03-05T12:00:00Z");
      assert.ok(earlier.booked && dropped.booked);
      await t.request("DELETE", `/api/calendar/events/${dropped.event.id}`, { token: owner.token });
      const res = await connect({ url: radicale.baseUrl, username: radicale.username, password: radicale.password });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.calendar_url, radicale.calendarUrl);
      assert.equal(res.body.calendar_name, "Work");
      assert.equal(res.body.status, "connected");
      const list = await t.request("GET", "/api/integrations", { token: owner.token });
      assert.equal(list.body.caldav.username, radicale.username);
      assert.ok(!list.text.includes(radicale.password));
      const [row] = await t.db.query<{ secret_ciphertext: string }>(
        "select secret_ciphertext from integrations where org_id = $1",
        [owner.orgId],
      );
      assert.match(row!.secret_ciphertext, /^v1\./);
      assert.ok(!row!.secret_ciphertext.includes(radicale.password));
      const copied = await parleyEvents();
      assert.equal(copied.length, 1, "the upcoming meeting, not the cancelled one");
      assert.match(copied[0]!, new RegExp(`UID:${earlier.event.id}@parley[\\s\\S]*DTSTART:20300304T120000Z`));
      assert.equal(
        (await t.request("DELETE", `/api/calendar/events/${earlier.event.id}`, { token: owner.token })).status,
        200,
      );
      assert.deepEqual(await parleyEvents(), []);
    });

    test("a busy time in the calendar blocks that slot for the slot finder and for the agent's booking", async () => {
      await radicale.putEvent("dentist-1", busyIcs);
      const slots = await t.request(
        "GET",
        "/api/calendar/availability?start_date=2030-03-04&end_date=2030-03-04&timezone=UTC",
        { token: owner.token },
      );
      assert.equal(slots.status, 200, slots.text);
      const free = slots.body.data.slots as Array<{ start: string; end: string }>;
      assert.ok(
        free.some((s) => s.start === "2030-03-04T09:00:00.000Z"),
        "the morning before is free",
      );
      assert.ok(
        !free.some((s) => overlaps(s, "2030-03-04T10:00:00Z", "2030-03-04T11:00:00Z")),
        "nothing offered during the dentist",
      );

      const refused = await book("2030-03-04T10:15:00Z");
      assert.equal(refused.booked, false);
      assert.ok(!refused.booked && refused.reason === "conflict" && refused.calendarNote === undefined);
      assert.ok(
        !refused.booked &&
          refused.alternatives.every((s) => !overlaps(s, "2030-03-04T10:00:00Z", "2030-03-04T11:00:00Z")),
      );
    });

    test("a booked meeting is written to the calendar, moved when rescheduled and removed when cancelled", async () => {
      const booked = await book("2030-03-04T13:00:00Z");
      assert.ok(booked.booked);
      const id = booked.event.id;
      let mine = await parleyEvents();
      assert.equal(mine.length, 1);
      assert.match(mine[0]!, new RegExp(`UID:${id}@parley`));
      assert.match(mine[0]!, /DTSTART:20300304T130000Z/);
      assert.match(mine[0]!, /SUMMARY:Acme: meeting with Ana/);

      const moved = await t.request("PUT", `/api/calendar/events/${id}`, {
        token: owner.token,
        body: { start_time: "2030-03-04T14:00:00Z", end_time: "2030-03-04T14:30:00Z" },
      });
      assert.equal(moved.status, 200, moved.text);
      mine = await parleyEvents();
      assert.equal(mine.length, 1);
      assert.match(mine[0]!, /DTSTART:20300304T140000Z/);

      assert.equal((await t.request("DELETE", `/api/calendar/events/${id}`, { token: owner.token })).status, 200);
      assert.deepEqual(await parleyEvents(), []);
      assert.equal((await radicale.events()).length, 1, "the team's own event stays");
    });

    test("calendar unreachable: the agent books from Parley's and says so; Settings shows it; caught up", async () => {
      const first = await book("2030-03-04T15:00:00Z");
      assert.ok(first.booked);
      assert.equal((await parleyEvents()).length, 1);
      let fallback: Awaited<ReturnType<typeof book>> | undefined;
      await radicale.stop();
      try {
        const again = await book("2030-03-04T15:00:00Z");
        assert.ok(!again.booked && again.reason === "conflict", "Parley's own meeting still blocks the slot");
        assert.match(again.calendarNote ?? "", /could not be reached .*Parley's own calendar only/);
        fallback = await book("2030-03-04T16:00:00Z");
        assert.ok(fallback.booked);
        assert.match(fallback.calendarNote ?? "", /could not be reached/);
        const list = await t.request("GET", "/api/integrations", { token: owner.token });
        assert.equal(list.body.caldav.status, "unreachable");
        assert.match(list.body.caldav.last_error, /refused the connection/);
        // Cancelled while the calendar is down: its copy there is removed once it answers.
        assert.equal(
          (await t.request("DELETE", `/api/calendar/events/${first.event.id}`, { token: owner.token })).status,
          200,
        );
        const tested = await t.request("POST", "/api/integrations/caldav/test", { token: owner.token });
        assert.equal(tested.status, 200, tested.text);
        assert.equal(tested.body.status, "unreachable");
        assert.match(tested.body.last_error, /Could not reach the calendar server/);
      } finally {
        await radicale.start();
      }
      // Back again: Test (or the next read) marks the connection working and does what the outage left.
      assert.equal(
        (await t.request("POST", "/api/integrations/caldav/test", { token: owner.token })).body.status,
        "connected",
      );
      const mine = await parleyEvents();
      assert.equal(mine.length, 1, "the cancelled meeting is gone, the one booked during the outage is there");
      assert.ok(fallback?.booked && mine[0]!.includes(`UID:${fallback.event.id}@parley`));
      assert.equal((await book("2030-03-04T09:00:00Z")).booked, true);
    });

    test("a saved password that no longer decrypts is an outage with its reason, not a failed booking", async () => {
      await t.db.query(
        "update integrations set secret_ciphertext = 'v1.AAAA.AAAA.AAAA' where org_id = $1 and kind = 'caldav'",
        [owner.orgId],
      );
      const r = await book("2030-03-04T11:00:00Z");
      assert.ok(r.booked);
      assert.match(r.calendarNote ?? "", /cannot be decrypted with this server's INTEGRATIONS_KEY/);
      const tested = await t.request("POST", "/api/integrations/caldav/test", { token: owner.token });
      assert.equal(tested.status, 200, tested.text);
      assert.equal(tested.body.status, "unreachable");
      assert.match(tested.body.last_error, /connect the calendar again/);
    });

    test("disconnecting is the organisation's own: another one gets 404, then the calendar is forgotten", async () => {
      await assertOrgIsolation(t, owner, { method: "DELETE", path: "/api/integrations/caldav" }, { ownerStatus: 204 });
      assert.deepEqual((await t.request("GET", "/api/integrations", { token: owner.token })).body.caldav, null);
      assert.equal((await t.request("DELETE", "/api/integrations/caldav", { token: owner.token })).status, 404);
    });
  });
}
