import assert from "node:assert/strict";
import test from "node:test";
import type { ScorecardCheck } from "@parley/shared/scorecard";
import { atClock, scorecardRows, scorecardTally } from "./scorecard-display.ts";

const checks: ScorecardCheck[] = [
  { check: "ai_disclosed", result: "pass", line: { index: 0, at_ms: 600 }, value: null, note: "Said." },
  { check: "opt_out_honoured", result: "na", line: null, value: null, note: "No opt-out." },
  { check: "first_word", result: "fail", line: { index: 0, at_ms: 2500 }, value: 2500, note: "Late." },
];

test("failures first, each with the line and the moment of the recording", () => {
  const rows = scorecardRows(checks);
  assert.deepEqual(
    rows.map((r) => [r.label, r.result, r.where]),
    [
      ["Time to first word", "fail", "Line 1 at 0:02"],
      ["AI disclosed", "pass", "Line 1 at 0:00"],
      ["Opt-out honoured", "na", null],
    ],
  );
  assert.equal(rows[0]!.atMs, 2500);
});

test("tally and clock", () => {
  assert.equal(scorecardTally(checks), "1 passed · 1 failed · 1 N/A");
  assert.equal(atClock(125_400), "2:05");
});
