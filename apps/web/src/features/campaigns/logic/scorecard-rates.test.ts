import assert from "node:assert/strict";
import test from "node:test";
import { failedCallLink, rateRows } from "./scorecard-rates.ts";

test("the weakest check first, never-applied last, with counts a manager reads", () => {
  const rows = rateRows([
    { check: "ai_disclosed", pass: 9, fail: 1, na: 2, pass_rate: 0.9 },
    { check: "opt_out_honoured", pass: 0, fail: 0, na: 12, pass_rate: null },
    { check: "first_word", pass: 1, fail: 0, na: 0, pass_rate: 1 },
    { check: "booking_read_back", pass: 1, fail: 3, na: 8, pass_rate: 0.25 },
  ]);
  assert.deepEqual(
    rows.map((r) => [r.label, r.rate, r.counts]),
    [
      ["Booking read back", "25%", "1 of 4 calls · 8 N/A"],
      ["AI disclosed", "90%", "9 of 10 calls · 2 N/A"],
      ["Time to first word", "100%", "1 of 1 call"],
      ["Opt-out honoured", "—", "0 of 0 calls · 12 N/A"],
    ],
  );
});

test("a failed check links to the call at its moment", () => {
  assert.equal(failedCallLink("acme", "c1", 7250), "/org/acme/call-logs?call=c1&at=7250");
  assert.equal(failedCallLink("acme", "c1", null), "/org/acme/call-logs?call=c1");
});
