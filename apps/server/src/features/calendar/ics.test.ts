import { test } from "node:test";
import assert from "node:assert/strict";
import { buildIcs, escapeText, foldLine, icsDateTime } from "./ics.ts";

test("date-times are UTC basic form", () => {
  assert.equal(icsDateTime(new Date("2030-01-02T10:05:09.123Z")), "20300102T100509Z");
});

test("text escapes backslash, semicolon, comma and newlines", () => {
  assert.equal(escapeText("a\\b; c, d\r\ne\nf"), "a\\\\b\\; c\\, d\\ne\\nf");
});

test("lines fold at 75 octets without splitting a multi-byte character", () => {
  const line = `SUMMARY:${"é".repeat(60)}`; // 8 + 120 octets
  const folded = foldLine(line);
  const parts = folded.split("\r\n");
  assert.ok(parts.length > 1);
  for (const [i, p] of parts.entries()) {
    assert.ok(Buffer.byteLength(p, "utf8") <= 75, `part ${i} is ${Buffer.byteLength(p)} octets`);
    if (i > 0) assert.ok(p.startsWith(" "));
  }
  assert.equal(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join(""), line, "unfolding restores the line");
  assert.equal(foldLine("SHORT:x"), "SHORT:x");
});

test("a calendar has the RFC 5545 structure with CRLF line ends", () => {
  const text = buildIcs({
    name: "Parley meetings",
    host: "parley.example",
    now: new Date("2030-01-01T00:00:00Z"),
    events: [
      {
        id: "e1", title: "Demo, with Acme; v2", description: "Line 1\nLine 2", location: "Room 4", meetingUrl: "https://meet.example/x",
        startAt: new Date("2030-01-02T10:00:00Z"), endAt: new Date("2030-01-02T10:30:00Z"), updatedAt: new Date("2030-01-01T00:00:00Z"), status: "scheduled",
      },
      {
        id: "e2", title: "Gone", description: "", location: "", meetingUrl: null,
        startAt: new Date("2030-01-03T10:00:00Z"), endAt: new Date("2030-01-03T11:00:00Z"), updatedAt: new Date("2030-01-01T00:00:00Z"), status: "cancelled",
      },
    ],
  });
  assert.ok(text.endsWith("\r\n"));
  assert.ok(!/[^\r]\n/.test(text), "every newline is CRLF");
  const lines = text.split("\r\n");
  assert.equal(lines[0], "BEGIN:VCALENDAR");
  assert.ok(lines.includes("VERSION:2.0"));
  assert.ok(lines.some((l) => l.startsWith("PRODID:")));
  assert.equal(lines.filter((l) => l === "BEGIN:VEVENT").length, 2);
  assert.ok(lines.includes("UID:e1@parley.example"));
  assert.ok(lines.includes("DTSTAMP:20300101T000000Z"));
  assert.ok(lines.includes("DTSTART:20300102T100000Z"));
  assert.ok(lines.includes("DTEND:20300102T103000Z"));
  assert.ok(lines.includes("SUMMARY:Demo\\, with Acme\\; v2"));
  assert.ok(lines.includes("DESCRIPTION:Line 1\\nLine 2\\n\\nJoin: https://meet.example/x"));
  assert.ok(lines.includes("LOCATION:Room 4"));
  assert.ok(lines.includes("STATUS:CONFIRMED"));
  assert.ok(lines.includes("STATUS:CANCELLED"));
  assert.equal(lines.at(-2), "END:VCALENDAR");
});
