import assert from "node:assert/strict";
import { test } from "node:test";
import { rangeProblem, stageRows } from "./funnel-view.ts";

test("stages in order, each a share of the one before", () => {
  const rows = stageRows({ dialled: 10, answered: 8, people: 6, conversations: 3, booked: 0 });
  assert.deepEqual(
    rows.map((r) => [r.stage, r.value, r.share]),
    [
      ["Dialled", 10, null],
      ["Answered", 8, "80%"],
      ["A person", 6, "75%"],
      ["Conversation", 3, "50%"],
      ["Meeting booked", 0, "0%"],
    ],
  );
  assert.equal(stageRows({ dialled: 0, answered: 0, people: 0, conversations: 0, booked: 0 })[1]!.share, null);
});

test("a range the server would refuse is named before it is asked for", () => {
  assert.equal(rangeProblem("2026-03-01", "2026-03-31", "UTC"), null);
  assert.equal(
    rangeProblem("2026-03-31", "2026-03-01", "UTC"),
    "The range must start on or before its end (from ≤ to).",
  );
  assert.equal(rangeProblem("", "2026-03-01", "UTC"), "from must be a date written YYYY-MM-DD.");
});
