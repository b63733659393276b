import assert from "node:assert/strict";
import { test } from "node:test";
import { variantSplitRows } from "./variant-split.ts";

test("a row per stage, a column per variant, each share of its stage before (bookings: of conversations)", () => {
  const rows = variantSplitRows([
    { variant_id: "a", label: "A", dialled: 12, answered: 8, people: 6, conversations: 6, qualified: 3, booked: 2 },
    { variant_id: "b", label: "B", dialled: 12, answered: 10, people: 10, conversations: 8, qualified: 0, booked: 0 },
  ]);
  assert.deepEqual(rows, [
    { stage: "Dialled", cells: ["12", "12"] },
    { stage: "Answered", cells: ["8 (67%)", "10 (83%)"] },
    { stage: "A person", cells: ["6 (75%)", "10 (100%)"] },
    { stage: "Conversation", cells: ["6 (100%)", "8 (80%)"] },
    { stage: "Qualified", cells: ["3 (50%)", "0 (0%)"] },
    { stage: "Meeting booked", cells: ["2 (33%)", "0 (0%)"] },
  ]);
});
