import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";

const NOW = new Date("2030-03-15T12:00:00Z");
type Ev = { id: string; title: string; start_time: string; end_time: string; status: string; source: string };

for (const kind of await routeDbKinds()) {
  describe(`calendar events over HTTP (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    const create = (body: Record<string, unknown>, who: TestUser = u) =>
      t.request("POST", "/api/calendar/events", { token: who.token, body });
    const list = (qs: string, who: TestUser = u) =>
      t.request("GET", `/api/calendar/events?${qs}`, { token: who.token });
    const titles = (res: { body: { events: Ev[] } }) => res.body.events.map((e) => e.title);

    before(async () => {
      t = await startTestApp(kind, { clock: { now: () => NOW } });
      u = await buildUser(t);
    });
    after(() => t.close());

    test("an empty org lists no events", async () => {
      const res = await list("start_date=2030-03-01&end_date=2030-03-31");
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { events: [] });
    });

    test("staff create, read, edit and cancel an event; cancelled events are not listed", async () => {
      const made = await create({
        title: "Demo with Acme",
        start_time: "2030-03-20T15:00:00Z",
        end_time: "2030-03-20T15:45:00Z",
        timezone: "America/New_York",
        description: "Walk through pricing",
        location: "Zoom",
        attendees: ["ana@acme.example", "Bo"],
        is_virtual: true,
      });
      assert.equal(made.status, 201);
      const ev = made.body.event;
      assert.equal(ev.source, "staff");
      assert.equal(ev.status, "scheduled");
      assert.deepEqual(ev.attendees, ["ana@acme.example", "Bo"]);
      assert.equal(ev.meeting_url, null);

      const edited = await t.request("PUT", `/api/calendar/events/${ev.id}`, {
        token: u.token,
        body: {
          title: "Demo with Acme (v2)",
          end_time: "2030-03-20T16:00:00Z",
          meeting_url: "https://meet.google.com/abc-defg-hij",
        },
      });
      assert.equal(edited.status, 200);
      assert.equal(edited.body.event.title, "Demo with Acme (v2)");
      assert.equal(edited.body.event.start_time, "2030-03-20T15:00:00.000Z", "unsent fields keep their value");
      assert.equal(edited.body.event.end_time, "2030-03-20T16:00:00.000Z");
      assert.equal(edited.body.event.meeting_url, "https://meet.google.com/abc-defg-hij");
      assert.deepEqual(titles(await list("start_date=2030-03-20&end_date=2030-03-20")), ["Demo with Acme (v2)"]);

      const cancelled = await t.request("DELETE", `/api/calendar/events/${ev.id}`, { token: u.token });
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.event.status, "cancelled");
      assert.deepEqual(titles(await list("start_date=2030-03-20&end_date=2030-03-20")), []);
      assert.equal((await t.request("GET", `/api/calendar/events/${ev.id}`, { token: u.token })).status, 404);
      assert.equal(
        (await t.request("PUT", `/api/calendar/events/${ev.id}`, { token: u.token, body: { title: "back" } })).status,
        404,
        "a cancelled event cannot be edited",
      );
    });

    test("bad input is refused with clear messages and stores nothing", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ title: "  ", start_time: "2030-03-21T10:00:00Z", end_time: "2030-03-21T11:00:00Z" }, "Title is required."],
        [
          { title: "X", start_time: "2030-03-21T10:00:00Z", end_time: "2030-03-21T09:00:00Z" },
          "End time must be after start time.",
        ],
        [
          { title: "X", start_time: "tomorrow", end_time: "2030-03-21T09:00:00Z" },
          "Start time must be a date and time such as 2030-01-02T10:00:00Z.",
        ],
        [
          {
            title: "X",
            start_time: "2030-03-21T10:00:00Z",
            end_time: "2030-03-21T11:00:00Z",
            timezone: "Mars/Olympus",
          },
          "timezone must be an IANA time zone such as America/New_York or Asia/Kolkata.",
        ],
        [
          {
            title: "X",
            start_time: "2030-03-21T10:00:00Z",
            end_time: "2030-03-21T11:00:00Z",
            meeting_url: "javascript:alert(1)",
          },
          "Meeting link must start with http:// or https://.",
        ],
      ];
      for (const [body, message] of cases) {
        const res = await create(body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.error.message, message);
      }
      const ok = await create({ title: "Keep", start_time: "2030-03-21T10:00:00Z", end_time: "2030-03-21T11:00:00Z" });
      const bad = await t.request("PUT", `/api/calendar/events/${ok.body.event.id}`, {
        token: u.token,
        body: { end_time: "2030-03-21T09:00:00Z" },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.message, "End time must be after start time.", "checked against the stored start");
      assert.deepEqual(titles(await list("start_date=2030-03-21&end_date=2030-03-21")), ["Keep"]);
      const range = await list("start_date=2030-03-31&end_date=2030-03-01");
      assert.equal(range.status, 400);
      assert.equal(range.body.error.message, "end_date must be on or after start_date.");
    });

    test("the date range is read in the requested zone, across a month and quarter end", async () => {
      const v = await buildUser(t);
      // 23:30 on 31 March in New York is 03:30 on 1 April in UTC.
      await create({ title: "Late call", start_time: "2030-04-01T03:30:00Z", end_time: "2030-04-01T04:00:00Z" }, v);
      await create({ title: "Q2 kickoff", start_time: "2030-04-01T14:00:00Z", end_time: "2030-04-01T15:00:00Z" }, v);
      assert.deepEqual(titles(await list("start_date=2030-03-31&end_date=2030-03-31&timezone=America/New_York", v)), [
        "Late call",
      ]);
      assert.deepEqual(titles(await list("start_date=2030-04-01&end_date=2030-04-01&timezone=America/New_York", v)), [
        "Q2 kickoff",
      ]);
      assert.deepEqual(
        titles(await list("start_date=2030-04-01&end_date=2030-04-01", v)),
        ["Late call", "Q2 kickoff"],
        "UTC by default",
      );
      assert.deepEqual(titles(await list("start_date=2030-03-31&end_date=2030-03-31", v)), []);
    });

    test("search, campaign and user filters narrow the list", async () => {
      const v = await buildUser(t);
      const campaign = "6f1c1f0e-1b7a-4f58-9d7e-0a8f1c2b3d4e";
      await create(
        {
          title: "Coffee chat",
          start_time: "2030-05-02T10:00:00Z",
          end_time: "2030-05-02T10:30:00Z",
          campaign_id: campaign,
        },
        v,
      );
      await create(
        {
          title: "Board review",
          start_time: "2030-05-03T10:00:00Z",
          end_time: "2030-05-03T11:00:00Z",
          attendees: ["coffee@bean.example"],
        },
        v,
      );
      await create({ title: "100% sure", start_time: "2030-05-04T10:00:00Z", end_time: "2030-05-04T11:00:00Z" }, v);
      const q = (s: string) => list(`start_date=2030-05-01&end_date=2030-05-31&${s}`, v).then(titles);
      assert.deepEqual(await q("q=COFFEE"), ["Coffee chat", "Board review"], "title and attendees, any case");
      assert.deepEqual(await q("q=%25"), ["100% sure"], "% is matched literally");
      assert.deepEqual(await q(`campaign_id=${campaign}`), ["Coffee chat"]);
      assert.deepEqual(await q(`user_id=${v.userId}`), ["Coffee chat", "Board review", "100% sure"]);
      assert.deepEqual(await q(`user_id=${u.userId}`), []);
    });

    test("another org's events are invisible: 404 on every event endpoint, absent from lists", async () => {
      const made = await create({
        title: "Private",
        start_time: "2030-06-01T10:00:00Z",
        end_time: "2030-06-01T11:00:00Z",
      });
      const id = made.body.event.id;
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/calendar/events/${id}` });
      await assertOrgIsolation(t, u, { method: "PUT", path: `/api/calendar/events/${id}`, body: { title: "Private" } });
      const stranger = await buildUser(t);
      assert.deepEqual(titles(await list("start_date=2030-06-01&end_date=2030-06-01", stranger)), []);
      assert.equal((await t.request("GET", "/api/calendar/events/not-a-uuid", { token: u.token })).status, 404);
      await assertOrgIsolation(t, u, { method: "POST", path: `/api/calendar/events/${id}/cancel` });
      await assertOrgIsolation(t, u, { method: "DELETE", path: `/api/calendar/events/${id}` });
    });
  });
}
