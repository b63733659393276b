import assert from "node:assert/strict";
import { test } from "node:test";
import type { Experiment, VariantResult } from "@parley/shared/experiments";
import { columns, experimentHeadline } from "./experiment-table.ts";

const rate = (rate: number, low: number, high: number) => ({ rate, low, high });
const b: VariantResult = {
  variant_id: "b",
  label: "B",
  opening_line: "Hello",
  goal: "",
  voice_id: null,
  contacts: 18,
  dialled: 12,
  answered: 10,
  conversations: 8,
  booked: 8,
  qualified: null,
  answer_rate: rate(10 / 12, 0.552, 0.953),
  conversation_rate: rate(8 / 12, 0.3906, 0.8619),
  booking_rate: rate(8 / 12, 0.3906, 0.8619),
  qualified_rate: null,
};

test("each stage reads as its count, its rate and the 95% interval; qualified only once counted", () => {
  const cols = columns({ qualified_counted: false });
  assert.deepEqual(
    cols.map((c) => [c.label, c.cell(b)]),
    [
      ["Contacts", "18"],
      ["Dialled", "12"],
      ["Answered", "10 · 83% (55–95%)"],
      ["Conversations > 30 s", "8 · 67% (39–86%)"],
      ["Meetings booked", "8 · 67% (39–86%)"],
    ],
  );
  const withQualified = columns({ qualified_counted: true });
  assert.equal(withQualified.at(-1)!.label, "Qualified");
  assert.equal(
    withQualified.at(-1)!.cell({ ...b, qualified: 3, qualified_rate: rate(0.25, 0.089, 0.532) }),
    "3 · 25% (8.9–53%)",
  );
});

test("an ended experiment says which variant was kept and how many contacts moved", () => {
  const e = { state: "ended", ended_at: "2026-03-09T10:00:00Z", winner: "B", moved_contacts: 12 } as Experiment;
  assert.equal(
    experimentHeadline(e, () => "9 Mar"),
    "Ended 9 Mar: variant B kept, 12 contacts not yet reached moved to it. The figures are those it was chosen on.",
  );
});
