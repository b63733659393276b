import assert from "node:assert/strict";
import { test } from "node:test";
import { rangeProblem, stageRows } from "./funnel-view.ts";

test("stages in order, each a share of the one before; bookings a share of conversations", () => {
  const rows = stageRows({ dialled: 10, answered: 8, people: 6, conversations: 4, qualified: 1, booked: 2 });
  assert.deepEqual(
    rows.map((r) => [r.stage, r.value, r.share]),
    [
      ["Dialled", 10, null],
      ["Answered", 8, "80%"],
      ["A person", 6, "75%"],
      ["Conversation", 4, "67%"],
      ["Qualified", 1, "25%"],
      ["Meeting booked", 2, "50%"],
    ],
  );
  const none = { dialled: 0, answered: 0, people: 0, conversations: 0, qualified: 0, booked: 0 };
  assert.equal(stageRows(none)[1]!.share, null);
});

test("a range the server would refuse is named before it is asked for", () => {
  assert.equal(rangeProblem("2026-03-01", "2026-03-31", "UTC"), null);
  assert.equal(
    rangeProblem("2026-03-31", "2026-03-01", "UTC"),
    "The range must start on or before its end (from ≤ to).",
  );
  assert.equal(rangeProblem("", "2026-03-01", "UTC"), "from must be a date written YYYY-MM-DD.");
});
