import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

const NOW = new Date("2030-03-15T12:00:00Z");

for (const kind of await routeDbKinds()) {
  describe(`the agent's meetings take their link from Settings (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind, { clock: { now: () => NOW } });
    });
    after(() => t.close());

    const setLink = async (u: TestUser, meeting_link_kind: string, meeting_link_url: string | null) => {
      const res = await t.request("PUT", "/api/settings/organization", {
        token: u.token,
        body: { meeting_link_kind, meeting_link_url },
      });
      assert.equal(res.status, 200, res.text);
    };
    /** The agent books as in a call (agent-tools.ts), then the meeting is read back over HTTP. */
    async function agentBooks(u: TestUser, startAt: string, isVirtual = true) {
      const r = await t.services.calendar.service.bookMeeting(u.orgId, {
        title: "Discovery call",
        startAt,
        durationMinutes: 30,
        timezone: "Europe/Berlin",
        businessHours: { start: "09:00", end: "17:00" },
        isVirtual,
      });
      assert.ok(r.booked, JSON.stringify(r));
      const read = await t.request("GET", `/api/calendar/events/${r.event.id}`, { token: u.token });
      assert.equal(read.status, 200, read.text);
      return read.body.event as { meeting_url: string | null; source: string };
    }

    test("no meeting link set: the agent's meeting has none, and the clock says none is set", async () => {
      const u = await buildUser(t);
      const e = await agentBooks(u, "2030-03-18T09:00:00Z");
      assert.equal(e.source, "agent");
      assert.equal(e.meeting_url, null, "no link made up from the title");
      const clock = await t.request("GET", "/api/settings/organization/clock", { token: u.token });
      assert.equal(clock.body.meeting_link_set, false);
    });

    test("rooms on demand: each meeting a room of its own under the host, the same in the ICS feed", async () => {
      const u = await buildUser(t);
      await setLink(u, "on_demand", "https://meet.jit.si/");
      const clock = await t.request("GET", "/api/settings/organization/clock", { token: u.token });
      assert.equal(clock.body.meeting_link_set, true);
      const a = await agentBooks(u, "2030-03-18T09:00:00Z");
      const b = await agentBooks(u, "2030-03-18T10:00:00Z");
      for (const e of [a, b]) assert.match(e.meeting_url ?? "", /^https:\/\/meet\.jit\.si\/parley-[a-z2-7]{10}$/);
      assert.notEqual(a.meeting_url, b.meeting_url, "two meetings never share a room");
      assert.equal((await agentBooks(u, "2030-03-18T11:00:00Z", false)).meeting_url, null, "in person: no link");

      const feed = await t.request("POST", "/api/calendar/feed", { token: u.token });
      const ics = (await t.request("GET", new URL(feed.body.url).pathname)).text.replace(/\r\n[ \t]/g, "");
      assert.ok(ics.includes(`Join: ${a.meeting_url}`), "the feed carries the same link");
      assert.ok(ics.includes(`Join: ${b.meeting_url}`));
    });

    test("our own room: every meeting the agent books uses it as it is", async () => {
      const u = await buildUser(t);
      const room = "https://zoom.us/j/1234567890?pwd=Xy12";
      await setLink(u, "room", room);
      assert.equal((await agentBooks(u, "2030-03-18T09:00:00Z")).meeting_url, room);
      assert.equal((await agentBooks(u, "2030-03-18T10:00:00Z")).meeting_url, room);
      // Back to none: later meetings have no link; the booked one keeps the link its invitation carried.
      await setLink(u, "none", null);
      assert.equal((await agentBooks(u, "2030-03-18T11:00:00Z")).meeting_url, null);
    });

    test("a meeting made by hand keeps what the person typed, whatever Settings say", async () => {
      const u = await buildUser(t);
      await setLink(u, "on_demand", "https://meet.jit.si");
      const made = await t.request("POST", "/api/calendar/events", {
        token: u.token,
        body: {
          title: "Walk-in",
          start_time: "2030-03-19T09:00:00Z",
          end_time: "2030-03-19T09:30:00Z",
          is_virtual: true,
          meeting_url: "",
        },
      });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.body.event.meeting_url, null);
    });
  });
}
