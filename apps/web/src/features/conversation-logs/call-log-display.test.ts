import assert from "node:assert/strict";
import { test } from "node:test";
import {
  bookedMeetingLine,
  callDateTime,
  extractedValue,
  countLine,
  interventionLines,
  leadDateTime,
  replyLatencies,
  rowsToCsv,
  statusColour,
  statusLabel,
  toCallLogRow,
  inSpokenOrder,
} from "./call-log-display.ts";

const record = {
  id: "1",
  lead_name: "",
  lead_phone: "+14155550100",
  lead_email: "",
  property: "solar",
  type_of_property: "",
  budget: "$5,000",
  date: "2026-03-01",
  time: "14:45",
  started_at: "2026-03-01T09:15:00.000Z",
  timezone: "Asia/Kolkata",
  created_at: "2025-02-28T23:59:58.000Z",
  status: "not_interested" as const,
  direction: "OUTBOUND" as const,
  call_duration_secs: 42,
  audio_url: null,
  recording_pending: false,
  summary: "",
  campaign_id: "k1",
  campaign_name: "Spring",
  placed_by_name: null,
  outcome_fields: null,
};

test("rows follow the spec's display mapping and defaults", () => {
  const row = toCallLogRow(record, "Europe/Berlin");
  assert.deepEqual(
    [row.name, row.phone, row.email, row.servicesProduct, row.budget, row.campaign],
    ["Unknown", "+14155550100", "N/A", "solar", "$5,000", "Spring"],
  );
  assert.deepEqual(
    [row.dateTime, row.leadDateTime, row.duration, row.status],
    ["2026-03-01 10:15", "2025-03-01 00:59:58", "42s", "not_interested"],
  );
  assert.equal(
    row.campaignDateTime,
    "2026-03-01 14:45 (Asia/Kolkata)",
    "the campaign's clock, named, beside the viewer's",
  );
  assert.equal(toCallLogRow(record, "Asia/Kolkata").campaignDateTime, null, "one clock when they are the same");
  assert.equal(callDateTime("2025-12-31", "10:00"), "2025-12-31 10:00", "the call's own date, not the lead's year");
  const bare = toCallLogRow({ ...record, property: "", budget: " ", campaign_name: null }, "Europe/Berlin");
  assert.deepEqual([bare.servicesProduct, bare.budget, bare.campaign], ["—", "—", "—"]);
  assert.equal(leadDateTime("garbage", "UTC"), "N/A");
  assert.equal(row.placedBy, null, "the dialer's call: placed by no one");
  assert.equal(toCallLogRow({ ...record, placed_by_name: "Sam Rivera" }, "Europe/Berlin").placedBy, "Sam Rivera");
});

test("chip colours and labels", () => {
  assert.deepEqual(
    [
      "completed",
      "Interested",
      "scheduled",
      "follow_up",
      "In Progress",
      "Cancelled",
      "not_interested",
      "voicemail",
    ].map(statusColour),
    ["green", "green", "blue", "blue", "orange", "red", "red", "grey"],
  );
  assert.equal(statusLabel("not_interested"), "Not Interested");
  assert.deepEqual(
    [countLine(1), countLine(0), countLine(12), countLine(1000, true)],
    ["1 Call", "0 Calls", "12 Calls", "1000+ Calls"],
  );
});

test("the fallback CSV quotes every cell and neutralises formulas", () => {
  const csv = rowsToCsv([{ ...toCallLogRow(record, "Europe/Berlin"), name: '=cmd|"calc"', summary: "line\nbreak" }]);
  const [header, line] = csv.split("\r\n");
  assert.match(header!, /^"Name","Phone","Email"/);
  assert.ok(line!.startsWith(`"'=cmd|""calc""","'+14155550100","N/A"`));
  assert.ok(csv.includes('"line\nbreak"'));
});

test("reply times count only turns that answered the lead's speech", () => {
  const marks: Array<Record<string, number>> = [
    { turn: 1, sttFinal: 0, endOfSpeech: 0, firstFrameSent: 0 }, // the greeting answers nobody
    { turn: 2, endOfSpeech: 9220, sttFinal: 9572, firstFrameSent: 9675.4 },
    { turn: 3, endOfSpeech: 12000 }, // the lead hung up before the agent spoke
  ];
  assert.deepEqual(replyLatencies(marks), [{ turn: 2, ms: 455 }]);
});

test("interventions read as who did what, a deleted account named as such", () => {
  const at = "2026-11-26T10:02:10Z";
  const time = "11:02:10"; // Berlin
  assert.deepEqual(
    interventionLines(
      [
        { kind: "listen", by_name: "Sam Lee", at },
        { kind: "take_over", by_name: "Sam Lee", at },
        { kind: "hand_back", by_name: null, at },
      ],
      "Europe/Berlin",
    ),
    [
      `${time} · Sam Lee listened in`,
      `${time} · Sam Lee took over the call`,
      `${time} · A former team member handed the call back to the agent`,
    ],
  );
});

test("a transcript is shown in the order it was spoken; turns that start together keep their stored order", () => {
  const turns = [
    { startMs: 69_000, text: "b" },
    { startMs: 60_000, text: "a" },
    { startMs: 75_000, text: "c1" },
    { startMs: 75_000, text: "c2" },
  ];
  assert.deepEqual(
    inSpokenOrder(turns).map((t) => t.text),
    ["a", "b", "c1", "c2"],
  );
});

test("a booked meeting reads on the viewer's clock, and on the contact's when that is another hour", () => {
  const m = {
    title: "Demo with Ana",
    start_time: "2026-12-01T15:00:00.000Z",
    contact_timezone: "America/Bogota",
    status: "confirmed",
  };
  assert.equal(
    bookedMeetingLine(m, "Europe/Berlin"),
    "Demo with Ana — 2026-12-01 16:00; 2026-12-01 10:00 (America/Bogota) for the contact",
  );
  // A contact on the team's clock (or one that reads the same hour) is not told twice.
  assert.equal(
    bookedMeetingLine({ ...m, contact_timezone: "Europe/Berlin" }, "Europe/Berlin"),
    "Demo with Ana — 2026-12-01 16:00",
  );
  assert.equal(
    bookedMeetingLine({ ...m, contact_timezone: "Europe/Zurich" }, "Europe/Berlin"),
    "Demo with Ana — 2026-12-01 16:00",
  );
  assert.equal(
    bookedMeetingLine({ ...m, contact_timezone: "Europe/Berlin", status: "cancelled" }, "Europe/Berlin"),
    "Demo with Ana — 2026-12-01 16:00 (cancelled)",
  );
});

test("an extracted moment is shown on the viewer's clock; other values as written", () => {
  assert.equal(extractedValue("2026-12-01T10:00:00-05:00", "Europe/Berlin"), "2026-12-01 16:00");
  assert.equal(extractedValue("2026-03-10T15:00:00Z", "Australia/Sydney"), "2026-03-11 02:00");
  assert.equal(extractedValue("$9,000", "Europe/Berlin"), "$9,000");
  assert.equal(extractedValue("2026-12-01", "Europe/Berlin"), "2026-12-01", "a date alone is no moment");
});
