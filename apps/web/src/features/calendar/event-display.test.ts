/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import type { CalendarEvent } from "@parley/shared/calendar";
import {
  durationLabel,
  eventMinutes,
  eventsInMonth,
  eventsOn,
  iconKind,
  liveEvents,
  matchesSearch,
  meetingLink,
  startHour,
  whenLines,
} from "./event-display.ts";

const ev = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: "1",
  title: "Quarterly Review",
  start_time: "2030-03-13T10:00:00.000Z",
  end_time: "2030-03-13T11:00:00.000Z",
  timezone: "UTC",
  description: "",
  location: "",
  attendees: [],
  is_virtual: true,
  meeting_url: null,
  status: "scheduled",
  source: "staff",
  campaign_id: null,
  contact_id: null,
  call_id: null,
  ...over,
});

test("duration labels follow section 9 at every boundary", () => {
  const cases: [number, string][] = [
    [15, "30 mins"],
    [30, "30 mins"],
    [31, "1 hour"],
    [60, "1 hour"],
    [61, "1.5 hours"],
    [90, "1.5 hours"],
    [91, "2 hours"],
    [120, "2 hours"],
    [150, "3 hours"],
    [180, "3 hours"],
    [240, "4 hours"],
    [241, "4.0 hours"],
    [300, "5.0 hours"],
    [330, "5.5 hours"],
  ];
  for (const [minutes, label] of cases) assert.equal(durationLabel(minutes), label, `${minutes} min`);
  assert.equal(eventMinutes(ev()), 60);
});

test("icon kinds come from title keywords in the spec's order", () => {
  assert.equal(iconKind("Coffee with Sam"), "coffee");
  assert.equal(iconKind("Quick CHAT"), "coffee");
  assert.equal(iconKind("1:1 with manager"), "person");
  assert.equal(iconKind("Personal errand"), "person");
  assert.equal(iconKind("Team happy hour"), "heart");
  assert.equal(iconKind("Social mixer"), "heart");
  assert.equal(iconKind("Video demo"), "video");
  assert.equal(iconKind("Virtual tour"), "video");
  assert.equal(iconKind("Board meeting"), "business");
  assert.equal(iconKind("Virtual coffee"), "coffee", "coffee/chat is checked first");
});

test("meeting link: the stored one, else none", () => {
  assert.equal(meetingLink(ev()), null, "no link is made up from the title");
  assert.equal(meetingLink(ev({ title: "Demo", meeting_url: "" })), null);
  assert.equal(meetingLink(ev({ meeting_url: "https://zoom.us/j/1" })), "https://zoom.us/j/1");
});

test("search matches title, description, location and attendees, any case; blank matches nothing", () => {
  const e = ev({ description: "Pricing", location: "HQ Room 4", attendees: ["omar@example.com"] });
  assert.ok(matchesSearch(e, "quarterly"));
  assert.ok(matchesSearch(e, "PRICING"));
  assert.ok(matchesSearch(e, "room 4"));
  assert.ok(matchesSearch(e, "omar"));
  assert.ok(!matchesSearch(e, "zebra"));
  assert.ok(!matchesSearch(e, "  "));
});

test("cancelled events are dropped", () => {
  assert.deepEqual(
    liveEvents([ev(), ev({ id: "2", status: "cancelled" })]).map((e) => e.id),
    ["1"],
  );
});

test("a meeting falls on the day and hour of the viewer's clock, whatever the machine's", () => {
  // 23:30 UTC on March 12: the 13th in Berlin (00:30), still the 12th in New York (19:30).
  const e = { ...ev({ title: "Late" }), start_time: "2030-03-12T23:30:00Z", end_time: "2030-03-13T00:00:00Z" };
  assert.deepEqual(eventsOn([e], new Date(2030, 2, 13), "Europe/Berlin"), [e]);
  assert.deepEqual(eventsOn([e], new Date(2030, 2, 13), "America/New_York"), []);
  assert.equal(startHour(e, "Europe/Berlin"), 0);
  assert.equal(startHour(e, "America/New_York"), 19);
  assert.equal(eventsInMonth([e], 2030, 2, "Asia/Tokyo").length, 1);
});

test("the detail's time on the viewer's clock, and on the meeting's own clock, named, when that is another", () => {
  const e = { start_time: "2030-03-12T15:05:00Z", end_time: "2030-03-12T15:35:00Z", timezone: "Australia/Sydney" };
  assert.deepEqual(whenLines(e, "Europe/Berlin"), {
    viewer: "4:05 PM – 4:35 PM, Tuesday, March 12, 2030",
    own: "2:05 AM – 2:35 AM, Wednesday, March 13, 2030 (Australia/Sydney)",
  });
  assert.equal(whenLines(e, "Australia/Sydney").own, null);
  assert.equal(whenLines({ ...e, timezone: "Not/AZone" }, "UTC").own, null);
});
