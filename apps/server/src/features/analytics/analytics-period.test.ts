import assert from "node:assert/strict";
import { test } from "node:test";
import { isValidZone, periodRange } from "./analytics-period.ts";

test("a day when clocks go forward has 23 hourly buckets", () => {
  // 8 March 2026, New York: 02:00 does not exist.
  const r = periodRange("day", "America/New_York", new Date("2026-03-09T03:59:00Z"));
  assert.equal(r.buckets.length, 23);
  assert.deepEqual(
    r.buckets.slice(0, 4).map((b) => b.label),
    ["00:00", "01:00", "03:00", "04:00"],
  );
});

test("weeks start on Sunday, also when today is Sunday", () => {
  const sunday = periodRange("week", "UTC", new Date("2026-03-29T08:00:00Z"));
  assert.equal(sunday.from.toISODate(), "2026-03-29");
  assert.equal(sunday.buckets.length, 1);
  const saturday = periodRange("week", "UTC", new Date("2026-04-04T23:00:00Z"));
  assert.equal(saturday.from.toISODate(), "2026-03-29");
  assert.equal(saturday.buckets.length, 7);
});

test("a quarter's weeks are cut at its start and end", () => {
  const r = periodRange("quarter", "UTC", new Date("2026-06-30T12:00:00Z"));
  assert.equal(r.from.toISODate(), "2026-04-01");
  assert.equal(r.buckets[0]!.end.toISODate(), "2026-04-05"); // 1 April is a Wednesday: the first week runs to Sunday
  assert.equal(r.buckets.at(-1)!.end.toISODate(), "2026-07-01");
  // Each week starts where the last one ended.
  assert.ok(r.buckets.slice(1).every((b, i) => b.start.equals(r.buckets[i]!.end)));
});

test("time zones are IANA names", () => {
  assert.equal(isValidZone("Asia/Kolkata"), true);
  assert.equal(isValidZone("Mars/Olympus"), false);
});
