import assert from "node:assert/strict";
import { test } from "node:test";
import { formatAddedAt, importSummary, SOURCE_LABELS, sourceLabel } from "./dnc-labels.ts";

test("every source has its on-screen label", () => {
  assert.deepEqual(SOURCE_LABELS, { call: "Asked on a call", manual: "Added by hand", csv: "Imported" });
});

test("the source names who added the number; an opt-out on a call names no one", () => {
  assert.equal(sourceLabel({ source: "manual", added_by_name: "Sam Rivera" }), "Added by hand · Sam Rivera");
  assert.equal(sourceLabel({ source: "csv", added_by_name: "Sam Rivera" }), "Imported · Sam Rivera");
  assert.equal(sourceLabel({ source: "call", added_by_name: null }), "Asked on a call");
  assert.equal(
    sourceLabel({ source: "manual", added_by_name: null }),
    "Added by hand",
    "the person's account was deleted",
  );
});

test("import summaries count in singular and plural and leave out zero extras", () => {
  assert.equal(importSummary({ added: 1, already_listed: 0, rejected: [] }), "1 number added.");
  assert.equal(
    importSummary({ added: 2, already_listed: 1, rejected: [{ line: 3, value: "x", reason: "bad" }] }),
    "2 numbers added, 1 already listed, 1 line rejected.",
  );
  assert.equal(
    importSummary({
      added: 0,
      already_listed: 0,
      rejected: [
        { line: 2, value: "", reason: "" },
        { line: 4, value: "", reason: "" },
      ],
    }),
    "0 numbers added, 2 lines rejected.",
  );
});

test("dates are shown in a readable form and junk shows nothing", () => {
  assert.equal(formatAddedAt("2026-11-24T14:05:00Z", "Europe/Berlin"), "Nov 24, 2026, 3:05 PM");
  assert.equal(formatAddedAt("2026-11-24T14:05:00Z", "America/Los_Angeles"), "Nov 24, 2026, 6:05 AM");
  assert.equal(formatAddedAt("not a date", "UTC"), "");
});
