import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

// Friday 2030-03-29 12:00 UTC (08:00 in New York, EDT since 10 March).
const NOW = new Date("2030-03-29T12:00:00Z");
const NY = "America/New_York";
const CAMPAIGN = "0b6f4c1e-8d2a-4c3b-9e5f-7a1d2c3b4e5f";
const CONTACT = "1c7a5d2f-9e3b-4d4c-8f6a-8b2e3d4c5f6a";
const CALL = "2d8b6e3a-af4c-4e5d-9a7b-9c3f4e5d6a7b";

for (const kind of await routeDbKinds()) {
  describe(`calendar figures (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    const get = (path: string, who: TestUser = u) => t.request("GET", path, { token: who.token });
    const staff = (title: string, start: string, end: string, is_virtual = false) =>
      t.request("POST", "/api/calendar/events", {
        token: u.token,
        body: { title, start_time: start, end_time: end, is_virtual, timezone: NY },
      });

    before(async () => {
      t = await startTestApp(kind, { clock: { now: () => NOW } });
      u = await buildUser(t);
      // Seed, in New York local time: Thu 28 Mar 10:00 (past), Sun 31 Mar 23:30 (end of Q1, 03:30 UTC on 1 Apr),
      // Mon 1 Apr 09:00 and 14:00 (agent-booked, virtual), Tue 2 Apr 11:00, and one cancelled on 1 Apr.
      await staff("Past review", "2030-03-28T14:00:00Z", "2030-03-28T15:00:00Z");
      await staff("Late Q1 wrap-up", "2030-04-01T03:30:00Z", "2030-04-01T04:00:00Z", true);
      const booked = async (startAt: string) => {
        const r = await t.services.calendar.service.bookMeeting(u.orgId, {
          title: "Discovery call with Omar",
          startAt,
          durationMinutes: 30,
          timezone: NY,
          businessHours: { start: "09:00", end: "17:00" },
          attendees: ["Omar Ali <omar@example.com>"],
          contactId: CONTACT,
          campaignId: CAMPAIGN,
          callId: CALL,
        });
        assert.ok(r.booked, `booking at ${startAt}`);
        return r.event;
      };
      await booked("2030-04-01T13:00:00Z");
      await booked("2030-04-01T18:00:00Z");
      await staff("Site visit", "2030-04-02T15:00:00Z", "2030-04-02T16:00:00Z");
      const gone = await staff("Dropped", "2030-04-01T16:00:00Z", "2030-04-01T17:00:00Z");
      await t.request("DELETE", `/api/calendar/events/${gone.body.event.id}`, { token: u.token });
    });
    after(() => t.close());

    test("an empty org has zero figures, a zero for every day, and every slot free", async () => {
      const empty = await buildUser(t);
      const stats = await get("/api/calendar/stats?start_date=2030-03-30&end_date=2030-04-02", empty);
      assert.equal(stats.status, 200);
      assert.deepEqual(stats.body.data, {
        total_meetings: 0,
        upcoming: 0,
        virtual: 0,
        in_person: 0,
        booked_by_agent: 0,
        by_day: ["2030-03-30", "2030-03-31", "2030-04-01", "2030-04-02"].map((date) => ({ date, count: 0 })),
      });
      const slots = await get(
        "/api/calendar/availability?start_date=2030-04-01&end_date=2030-04-01" +
          "&duration_minutes=60&timezone=America/New_York",
        empty,
      );
      assert.equal(slots.body.data.slots.length, 15, "09:00 to 16:00 every half hour");
    });

    test("stats across the quarter end in New York time", async () => {
      const res = await get(`/api/calendar/stats?start_date=2030-03-28&end_date=2030-04-02&timezone=${NY}`);
      assert.deepEqual(res.body.data, {
        total_meetings: 5,
        upcoming: 4,
        virtual: 3,
        in_person: 2,
        booked_by_agent: 2,
        by_day: [
          { date: "2030-03-28", count: 1 },
          { date: "2030-03-29", count: 0 },
          { date: "2030-03-30", count: 0 },
          { date: "2030-03-31", count: 1 },
          { date: "2030-04-01", count: 2 },
          { date: "2030-04-02", count: 1 },
        ],
      });
    });

    test("the same instants counted in UTC move the 23:30 meeting into April", async () => {
      const q1 = await get("/api/calendar/stats?start_date=2030-01-01&end_date=2030-03-31");
      assert.equal(q1.body.data.total_meetings, 1, "only the past review is in Q1 by UTC");
      const q1ny = await get(`/api/calendar/stats?start_date=2030-01-01&end_date=2030-03-31&timezone=${NY}`);
      assert.equal(q1ny.body.data.total_meetings, 2);
      assert.equal(q1ny.body.data.by_day.length, 90);
      const april = await get("/api/calendar/stats?start_date=2030-04-01&end_date=2030-04-30");
      assert.equal(april.body.data.total_meetings, 4);
      assert.deepEqual(april.body.data.by_day.slice(0, 2), [
        { date: "2030-04-01", count: 3 },
        { date: "2030-04-02", count: 1 },
      ]);
    });

    test("agent bookings carry the contact, campaign and call", async () => {
      const res = await get(`/api/calendar/events?start_date=2030-04-01&end_date=2030-04-01&timezone=${NY}`);
      const agent = res.body.events.filter((e: { source: string }) => e.source === "agent");
      assert.equal(agent.length, 2);
      assert.deepEqual(
        {
          contact: agent[0].contact_id,
          campaign: agent[0].campaign_id,
          call: agent[0].call_id,
          attendees: agent[0].attendees,
          virtual: agent[0].is_virtual,
        },
        { contact: CONTACT, campaign: CAMPAIGN, call: CALL, attendees: ["Omar Ali <omar@example.com>"], virtual: true },
      );
    });

    test("availability is business hours minus meetings (the cancelled one frees its time)", async () => {
      const res = await get(
        "/api/calendar/availability?start_date=2030-04-01&end_date=2030-04-01&duration_minutes=60" +
          `&business_hours_start=09:00&business_hours_end=17:00&timezone=${NY}`,
      );
      assert.equal(res.status, 200);
      const local = res.body.data.slots.map((s: { start: string }) =>
        new Date(s.start).toLocaleTimeString("en-GB", { timeZone: NY, hour: "2-digit", minute: "2-digit" }),
      );
      // Busy 09:00–09:30 and 14:00–14:30; the 12:00–13:00 meeting was cancelled.
      assert.deepEqual(local, [
        "09:30",
        "10:00",
        "10:30",
        "11:00",
        "11:30",
        "12:00",
        "12:30",
        "13:00",
        "14:30",
        "15:00",
        "15:30",
        "16:00",
      ]);
      const bad = await get(
        "/api/calendar/availability?start_date=2030-04-01&end_date=2030-04-01" +
          "&business_hours_start=17:00&business_hours_end=09:00",
      );
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.message, "Business hours must end after they start.");
    });

    test("the agent never books on top of a meeting: it gets the nearest free slots instead", async () => {
      const r = await t.services.calendar.service.bookMeeting(u.orgId, {
        title: "Follow-up",
        startAt: "2030-04-01T18:15:00Z",
        durationMinutes: 30,
        timezone: NY,
        businessHours: { start: "09:00", end: "17:00" },
        attendees: [],
      });
      assert.equal(r.booked, false);
      assert.ok(!r.booked && r.reason === "conflict");
      assert.ok(!r.booked);
      assert.deepEqual(
        r.alternatives.map((s) => s.start),
        ["2030-04-01T17:30:00.000Z", "2030-04-01T18:30:00.000Z", "2030-04-01T19:00:00.000Z"],
      );
      const after = await get(`/api/calendar/stats?start_date=2030-04-01&end_date=2030-04-01&timezone=${NY}`);
      assert.equal(after.body.data.total_meetings, 2, "nothing was booked");
      const outside = await t.services.calendar.service.bookMeeting(u.orgId, {
        title: "Evening",
        startAt: "2030-04-02T23:00:00Z",
        durationMinutes: 30,
        timezone: NY,
        businessHours: { start: "09:00", end: "17:00" },
      });
      assert.ok(!outside.booked && outside.reason === "outside_hours");
    });

    test("two bookings of the same free slot at once: exactly one wins", async () => {
      const ask = () =>
        t.services.calendar.service.bookMeeting(u.orgId, {
          title: "Race",
          startAt: "2030-04-03T14:00:00Z",
          durationMinutes: 30,
          timezone: NY,
          businessHours: { start: "09:00", end: "17:00" },
        });
      const results = await Promise.all([ask(), ask(), ask()]);
      assert.equal(results.filter((r) => r.booked).length, 1);
    });
  });
}
