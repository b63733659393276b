/// <reference types="node" />
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { snapTimeGapHours, hoursToSeconds, formatTimeGap, TIME_GAP_HOURS } from "./time-gap.ts";

describe("snapTimeGapHours", () => {
  test("exact choices stay as they are", () => {
    for (const h of TIME_GAP_HOURS) assert.equal(snapTimeGapHours(h * 3600), h);
  });
  test("values between choices snap to the nearest", () => {
    assert.equal(snapTimeGapHours(5 * 3600), 4); // tie between 4 and 6 → the smaller
    assert.equal(snapTimeGapHours(5.5 * 3600), 6);
    assert.equal(snapTimeGapHours(10 * 3600), 8);
    assert.equal(snapTimeGapHours(11 * 3600), 12);
    assert.equal(snapTimeGapHours(100 * 3600), 24);
    assert.equal(snapTimeGapHours(60), 1); // one minute → the smallest choice
    assert.equal(snapTimeGapHours(1.6 * 3600), 2);
  });
  test("missing, non-numeric or non-positive gives 2", () => {
    assert.equal(snapTimeGapHours(undefined), 2);
    assert.equal(snapTimeGapHours(null), 2);
    assert.equal(snapTimeGapHours(0), 2);
    assert.equal(snapTimeGapHours(-3600), 2);
    assert.equal(snapTimeGapHours(Number.NaN), 2);
    assert.equal(snapTimeGapHours("abc"), 2);
  });
  test("numeric strings are read", () => assert.equal(snapTimeGapHours("43200"), 12));
});

test("hours are sent as seconds", () => {
  assert.equal(hoursToSeconds(2), 7200);
  assert.equal(hoursToSeconds(24), 86400);
});

test("formatTimeGap", () => {
  assert.equal(formatTimeGap(3600), "1 hour");
  assert.equal(formatTimeGap(7200), "2 hours");
  assert.equal(formatTimeGap(5400), "1.5 hours");
  assert.equal(formatTimeGap(0), "-");
  assert.equal(formatTimeGap(null), "-");
});
