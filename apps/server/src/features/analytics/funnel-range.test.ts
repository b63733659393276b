import assert from "node:assert/strict";
import { test } from "node:test";
import { funnelRange } from "./funnel-range.ts";

const slotOf = (iso: string) => Date.parse(iso) / 900_000;

test("both days are included, from local midnight to the next day's", () => {
  const r = funnelRange("2026-03-01", "2026-03-31", "Asia/Kolkata");
  assert.equal(r.from.toISO(), "2026-03-01T00:00:00.000+05:30");
  assert.equal(r.to.toISO(), "2026-04-01T00:00:00.000+05:30");
  assert.equal(r.fromSlot, slotOf("2026-02-28T18:30:00Z"));
  assert.equal(r.toSlot, slotOf("2026-03-31T18:30:00Z"));
});

test("one day is one day; across the spring DST change it has 23 hours", () => {
  const r = funnelRange("2026-03-08", "2026-03-08", "America/New_York");
  assert.equal(r.from.toISO(), "2026-03-08T00:00:00.000-05:00");
  assert.equal(r.to.toISO(), "2026-03-09T00:00:00.000-04:00");
  assert.equal(r.toSlot - r.fromSlot, 23 * 4);
});

test("a zone a quarter hour off the hour still starts on a slot (Kathmandu, +05:45)", () => {
  const r = funnelRange("2026-03-02", "2026-03-02", "Asia/Kathmandu");
  assert.ok(Number.isInteger(r.fromSlot) && r.fromSlot === slotOf("2026-03-01T18:15:00Z"));
});
