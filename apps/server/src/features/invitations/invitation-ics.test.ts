import assert from "node:assert/strict";
import { test } from "node:test";
import ICAL from "ical.js";
import { buildInvitationIcs, type InvitationIcsInput } from "./invitation-ics.ts";
import { createMeetingInvitations } from "./meeting-invitations.ts";

const input: InvitationIcsInput = {
  uid: "e1@parley",
  method: "REQUEST",
  sequence: 0,
  title: "Demo; pricing, Q3",
  description: "Walk through",
  location: "",
  meetingUrl: "https://meet.example/abc",
  startAt: new Date("2030-07-01T13:00:00Z"),
  endAt: new Date("2030-07-01T13:30:00Z"),
  timezone: "Asia/Kolkata",
  organizer: { name: "Acme", email: "meetings@acme.example" },
  attendees: [{ name: "Maya", email: "maya@client.example" }],
  stamp: new Date("2030-06-01T00:00:00Z"),
};
const parsed = (ics: string) => new ICAL.Component(ICAL.parse(ics));

test("a zoned meeting is written in its zone with that zone's VTIMEZONE; DTSTAMP stays UTC; text is escaped", () => {
  const ics = buildInvitationIcs(input);
  assert.match(ics, /DTSTART;TZID=Asia\/Kolkata:20300701T183000/, "13:00 UTC is 18:30 in Kolkata");
  assert.match(ics, /DTSTAMP:20300601T000000Z/);
  const cal = parsed(ics);
  assert.equal(cal.getFirstSubcomponent("vtimezone")!.getFirstPropertyValue("tzid"), "Asia/Kolkata");
  const ev = cal.getFirstSubcomponent("vevent")!;
  assert.equal(ev.getFirstPropertyValue("summary"), "Demo; pricing, Q3");
  assert.match(String(ev.getFirstPropertyValue("description")), /Join: https:\/\/meet\.example\/abc/);
});

test("a UTC meeting is written in UTC with no VTIMEZONE; a cancel is METHOD:CANCEL and STATUS:CANCELLED", () => {
  const ics = buildInvitationIcs({ ...input, timezone: "UTC", method: "CANCEL", sequence: 3 });
  assert.match(ics, /DTSTART:20300701T130000Z/);
  assert.doesNotMatch(ics, /VTIMEZONE/);
  const cal = parsed(ics);
  assert.equal(cal.getFirstPropertyValue("method"), "CANCEL");
  assert.deepEqual(
    [
      cal.getFirstSubcomponent("vevent")!.getFirstPropertyValue("status"),
      cal.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence"),
    ],
    ["CANCELLED", 3],
  );
});

test("without SMTP nothing is queued and every meeting says invitations are off", async () => {
  const untouched = new Proxy({}, { get: () => () => assert.fail("no SMTP: the queue is not touched") });
  const inv = createMeetingInvitations({
    repo: untouched as never,
    clock: { now: () => new Date() },
    log: untouched as never,
    from: null,
    uidHost: "parley",
  });
  await inv.queue("org", { id: "e1" } as never, "booked");
  assert.equal((await inv.statuses("org", ["e1"])).get("e1")!.status, "not_configured");
});
