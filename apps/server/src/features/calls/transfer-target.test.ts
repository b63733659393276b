import assert from "node:assert/strict";
import { test } from "node:test";
import { callContextRow } from "../../../../../tests/support/call-context-row.ts";
import { transferTarget } from "./transfer-target.ts";

const inbound = callContextRow({
  campaign_direction: "inbound",
  transfer_to: "+15550102000",
  timezone: "America/New_York",
});

test("a caller to an inbound campaign is put through only within its business hours, in its timezone", () => {
  // 09:00–17:00 in New York: 13:59 and 14:00 UTC on a winter day are 08:59 and 09:00 there.
  assert.equal(transferTarget(inbound, new Date("2026-01-15T13:59:00Z")), null);
  assert.equal(transferTarget(inbound, new Date("2026-01-15T14:00:00Z")), "+15550102000");
  assert.equal(transferTarget(inbound, new Date("2026-01-15T21:59:00Z")), "+15550102000");
  assert.equal(transferTarget(inbound, new Date("2026-01-15T22:00:00Z")), null, "the end is outside");
  assert.equal(transferTarget(inbound, new Date("2026-01-16T03:00:00Z")), null, "at night");
});

test("business hours that run past midnight hold on both sides of it", () => {
  const night = { ...inbound, timezone: "UTC", business_hours_start: "18:00", business_hours_end: "02:00" };
  assert.equal(transferTarget(night, new Date("2026-01-15T23:30:00Z")), "+15550102000");
  assert.equal(transferTarget(night, new Date("2026-01-16T01:30:00Z")), "+15550102000");
  assert.equal(transferTarget(night, new Date("2026-01-16T12:00:00Z")), null);
});

test("a placed call keeps its transfer at any hour, and a campaign without one has none", () => {
  const placed = callContextRow({ transfer_to: "sip:sales@pbx.example.com" });
  assert.equal(transferTarget(placed, new Date("2026-01-16T03:00:00Z")), "sip:sales@pbx.example.com");
  assert.equal(transferTarget({ ...inbound, transfer_to: null }, new Date("2026-01-15T15:00:00Z")), null);
});
