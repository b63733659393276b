import assert from "node:assert/strict";
import { test } from "node:test";
import { formatClock, formatDateTime, untilText } from "./time-format.ts";

const at = "2026-12-01T02:22:17Z";

test("a time on the viewer's clock says no zone; on another clock it says which", () => {
  assert.equal(formatDateTime(at, "Europe/Berlin"), "2026-12-01 03:22");
  assert.equal(
    formatDateTime(at, "Europe/Berlin", { zone: "Australia/Sydney" }),
    "2026-12-01 13:22 (Australia/Sydney)",
  );
  assert.equal(formatDateTime(at, "Europe/Berlin", { zone: "Europe/Berlin" }), "2026-12-01 03:22");
  assert.equal(formatClock(at, "Australia/Sydney", { seconds: true }), "13:22:17");
  assert.equal(formatDateTime("garbage", "UTC"), "N/A");
});

test("a countdown in hours and minutes", () => {
  const now = new Date("2026-12-01T03:22:00Z");
  assert.equal(untilText("2026-12-01T09:00:00Z", now), "in 5 h 38 min");
  assert.equal(untilText("2026-12-01T03:40:00Z", now), "in 18 min");
  assert.equal(untilText("2026-12-01T03:22:30Z", now), "in under a minute");
});
