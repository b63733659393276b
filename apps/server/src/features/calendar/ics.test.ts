import { test } from "node:test";
import assert from "node:assert/strict";
import { writeIcs, type IcsEvent } from "./ics.ts";
import { feedIcs } from "./feed-ics.ts";

const event = (over: Partial<IcsEvent>): IcsEvent => ({
  uid: "e1@parley.example",
  stamp: new Date("2030-01-01T00:00:00Z"),
  title: "Demo",
  description: "",
  location: "",
  url: null,
  startAt: new Date("2030-01-02T10:05:09.123Z"),
  endAt: new Date("2030-01-02T10:30:00Z"),
  ...over,
});
const linesOf = (text: string) => text.split("\r\n");

test("date-times are UTC basic form", () => {
  assert.ok(linesOf(writeIcs({ product: "Calendar", events: [event({})] })).includes("DTSTART:20300102T100509Z"));
});

test("text escapes backslash, semicolon, comma and newlines", () => {
  const lines = linesOf(writeIcs({ product: "Calendar", events: [event({ title: "a\\b; c, d\r\ne\nf" })] }));
  assert.ok(lines.includes("SUMMARY:a\\\\b\\; c\\, d\\ne\\nf"), lines.join("\n"));
});

test("lines fold at 75 octets without splitting a multi-byte character", () => {
  const title = "é".repeat(60); // 8 + 120 octets with "SUMMARY:"
  const text = writeIcs({ product: "Calendar", events: [event({ title })] });
  const lines = linesOf(text);
  const start = lines.findIndex((l) => l.startsWith("SUMMARY:"));
  let end = start + 1;
  while (lines[end]?.startsWith(" ")) end++;
  const parts = lines.slice(start, end);
  assert.ok(parts.length > 1);
  for (const [i, p] of lines.entries())
    assert.ok(Buffer.byteLength(p, "utf8") <= 75, `line ${i} is ${Buffer.byteLength(p)} octets`);
  assert.equal(
    parts.map((p, i) => (i === 0 ? p : p.slice(1))).join(""),
    `SUMMARY:${title}`,
    "unfolding restores the line",
  );
});

test("a calendar has the RFC 5545 structure with CRLF line ends", () => {
  const text = feedIcs({
    name: "Parley meetings",
    host: "parley.example",
    now: new Date("2030-01-01T00:00:00Z"),
    events: [
      {
        id: "e1",
        title: "Demo, with Acme; v2",
        description: "Line 1\nLine 2",
        location: "Room 4",
        meetingUrl: "https://meet.example/x",
        startAt: new Date("2030-01-02T10:00:00Z"),
        endAt: new Date("2030-01-02T10:30:00Z"),
        updatedAt: new Date("2030-01-01T00:00:00Z"),
        status: "scheduled",
      },
      {
        id: "e2",
        title: "Gone",
        description: "",
        location: "",
        meetingUrl: null,
        startAt: new Date("2030-01-03T10:00:00Z"),
        endAt: new Date("2030-01-03T11:00:00Z"),
        updatedAt: new Date("2030-01-01T00:00:00Z"),
        status: "cancelled",
      },
    ],
  });
  assert.ok(text.endsWith("\r\n"));
  assert.ok(!/[^\r]\n/.test(text), "every newline is CRLF");
  const lines = linesOf(text);
  assert.equal(lines[0], "BEGIN:VCALENDAR");
  assert.ok(lines.includes("VERSION:2.0"));
  assert.ok(lines.includes("PRODID:-//Parley//Calendar//EN"));
  assert.ok(lines.includes("METHOD:PUBLISH"));
  assert.ok(lines.includes("X-WR-CALNAME:Parley meetings"));
  assert.ok(lines.includes("X-PUBLISHED-TTL:PT1H"));
  assert.equal(lines.filter((l) => l === "BEGIN:VEVENT").length, 2);
  assert.ok(lines.includes("UID:e1@parley.example"));
  assert.ok(lines.includes("DTSTAMP:20300101T000000Z"));
  assert.ok(lines.includes("LAST-MODIFIED:20300101T000000Z"));
  assert.ok(lines.includes("DTSTART:20300102T100000Z"));
  assert.ok(lines.includes("DTEND:20300102T103000Z"));
  assert.ok(lines.includes("SUMMARY:Demo\\, with Acme\\; v2"));
  assert.ok(lines.includes("DESCRIPTION:Line 1\\nLine 2\\n\\nJoin: https://meet.example/x"));
  assert.ok(lines.includes("LOCATION:Room 4"));
  assert.ok(lines.some((l) => /^URL(;VALUE=URI)?:https:\/\/meet\.example\/x$/.test(l)));
  assert.ok(lines.includes("STATUS:CONFIRMED"));
  assert.ok(lines.includes("STATUS:CANCELLED"));
  assert.equal(lines.at(-2), "END:VCALENDAR");
});
