import assert from "node:assert/strict";
import { test } from "node:test";
import { busyFromIcs, meetingIcs } from "./caldav-ics.ts";

const at = (iso: string) => Date.parse(iso);
const wrap = (body: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${body}END:VCALENDAR\r\n`;

test("a written meeting reads back as the same busy time", () => {
  const ics = meetingIcs(
    {
      uid: "m-1@parley",
      title: "Acme: meeting with Ana",
      description: "Booked by the agent; notes, with commas",
      location: "",
      meetingUrl: null,
      startAt: new Date("2030-03-04T15:00:00Z"),
      endAt: new Date("2030-03-04T15:30:00Z"),
    },
    new Date("2030-03-01T00:00:00Z"),
  );
  assert.match(ics, /UID:m-1@parley/);
  assert.match(ics, /DTSTART:20300304T150000Z/);
  assert.match(ics, /notes\\, with commas/);
  assert.deepEqual(busyFromIcs([ics], at("2030-03-04T00:00:00Z"), at("2030-03-05T00:00:00Z"), "UTC"), [
    { start: at("2030-03-04T15:00:00Z"), end: at("2030-03-04T15:30:00Z") },
  ]);
});

test("time zones, all-day, free, cancelled and recurring events", () => {
  const texts = [
    wrap(
      "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20300101T000000Z\r\n" +
        "DTSTART;TZID=Europe/Paris:20300304T090000\r\nDTEND;TZID=Europe/Paris:20300304T100000\r\nEND:VEVENT\r\n",
    ),
    wrap(
      "BEGIN:VEVENT\r\nUID:b\r\nDTSTAMP:20300101T000000Z\r\n" +
        "DTSTART;VALUE=DATE:20300305\r\nDTEND;VALUE=DATE:20300306\r\nEND:VEVENT\r\n",
    ),
    wrap(
      "BEGIN:VEVENT\r\nUID:c\r\nDTSTAMP:20300101T000000Z\r\n" +
        "DTSTART:20300304T120000Z\r\nDTEND:20300304T130000Z\r\nTRANSP:TRANSPARENT\r\nEND:VEVENT\r\n",
    ),
    wrap(
      "BEGIN:VEVENT\r\nUID:d\r\nDTSTAMP:20300101T000000Z\r\n" +
        "DTSTART:20300304T140000Z\r\nDTEND:20300304T150000Z\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\n",
    ),
    wrap(
      "BEGIN:VEVENT\r\nUID:e\r\nDTSTAMP:20300101T000000Z\r\n" +
        "DTSTART:20300101T170000Z\r\nDTEND:20300101T173000Z\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\n",
    ),
    "not a calendar",
  ];
  const busy = busyFromIcs(texts, at("2030-03-04T00:00:00Z"), at("2030-03-06T00:00:00Z"), "America/New_York");
  const iso = busy.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()]).sort();
  assert.deepEqual(iso, [
    ["2030-03-04T08:00:00.000Z", "2030-03-04T09:00:00.000Z"], // 09:00 Paris
    ["2030-03-04T17:00:00.000Z", "2030-03-04T17:30:00.000Z"], // the daily event, twice
    ["2030-03-05T05:00:00.000Z", "2030-03-06T05:00:00.000Z"], // all day in New York
    ["2030-03-05T17:00:00.000Z", "2030-03-05T17:30:00.000Z"],
  ]);
});
