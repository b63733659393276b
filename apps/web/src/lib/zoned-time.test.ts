/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { dayKey, isKnownZone, isoToZonedLocal, todayIn, zonedFields, zonedLocalToIso } from "./zoned-time.ts";

test("wall-clock time in a zone becomes the right instant", () => {
  assert.equal(zonedLocalToIso("2025-03-01T10:00", "Asia/Kolkata"), "2025-03-01T04:30:00.000Z");
  assert.equal(zonedLocalToIso("2025-03-01T10:00", "Asia/Dubai"), "2025-03-01T06:00:00.000Z");
  assert.equal(zonedLocalToIso("2025-07-01T10:00", "Europe/London"), "2025-07-01T09:00:00.000Z");
  assert.equal(zonedLocalToIso("2025-01-01T10:00", "Europe/London"), "2025-01-01T10:00:00.000Z");
  assert.equal(zonedLocalToIso("", "Asia/Kolkata"), null);
});

test("and back again", () => {
  assert.equal(isoToZonedLocal("2025-03-01T04:30:00.000Z", "Asia/Kolkata"), "2025-03-01T10:00");
  assert.equal(isoToZonedLocal("2025-07-01T09:00:00Z", "Europe/London"), "2025-07-01T10:00");
  assert.equal(isoToZonedLocal(null, "Asia/Kolkata"), "");
  for (const zone of ["America/New_York", "Asia/Kolkata", "Australia/Sydney"]) {
    const iso = zonedLocalToIso("2025-11-02T12:30", zone)!;
    assert.equal(isoToZonedLocal(iso, zone), "2025-11-02T12:30");
  }
});

test("an instant's day and fields on a zone's clock", () => {
  const at = "2026-12-01T02:22:17Z";
  assert.equal(dayKey(at, "America/New_York"), "2026-11-30");
  assert.equal(dayKey(at, "Australia/Sydney"), "2026-12-01");
  assert.equal(dayKey("nonsense", "UTC"), "");
  assert.deepEqual(zonedFields(at, "Asia/Kolkata"), {
    year: 2026,
    month: 12,
    day: 1,
    hour: 7,
    minute: 52,
    second: 17,
    weekday: 2,
  });
  assert.equal(zonedFields("2026-06-01T00:30:00Z", "UTC")?.hour, 0, "midnight is hour 0, never 24");
});

test("today on a zone's clock, whatever the machine's", () => {
  const now = new Date("2026-12-01T02:22:17Z");
  const ny = todayIn("America/New_York", now);
  assert.deepEqual([ny.getFullYear(), ny.getMonth(), ny.getDate(), ny.getHours()], [2026, 10, 30, 0]);
  const syd = todayIn("Australia/Sydney", now);
  assert.deepEqual([syd.getFullYear(), syd.getMonth(), syd.getDate()], [2026, 11, 1]);
});

test("a zone name this browser knows, or not", () => {
  assert.equal(isKnownZone("Australia/Sydney"), true);
  assert.equal(isKnownZone("Not/AZone"), false);
  assert.equal(isKnownZone(null), false);
});
