import assert from "node:assert/strict";
import { test } from "node:test";
import { elapsed, formatSecs } from "./analytics-api.ts";

test("durations and elapsed times", () => {
  assert.equal(formatSecs(null), "–");
  assert.equal(formatSecs(45), "45s");
  assert.equal(formatSecs(90), "1m 30s");
  const start = "2026-03-31T10:00:00.000Z";
  assert.equal(elapsed(start, Date.parse(start) + 65_000), "1:05");
  assert.equal(elapsed(start, Date.parse(start) + 3_725_000), "1:02:05");
  assert.equal(elapsed(start, Date.parse(start) - 5_000), "0:00");
});
