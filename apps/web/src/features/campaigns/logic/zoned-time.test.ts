/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { zonedLocalToIso, isoToZonedLocal } from "./zoned-time.ts";

test("wall-clock time in the campaign's zone becomes the right instant", () => {
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
