import assert from "node:assert/strict";
import { test } from "node:test";
import { answerOf, fieldsSeen, qualifyingView } from "./qualifying-display.ts";

const captured = {
  qualified: false,
  answers: [
    {
      key: "budget",
      name: "Budget",
      type: "amount" as const,
      answered: true,
      value: 2000,
      currency: "$",
      display: "$2,000",
      utterance: "about two grand",
    },
    {
      key: "crm",
      name: "CRM",
      type: "choice" as const,
      answered: false,
      value: null,
      currency: null,
      display: "Not answered",
      utterance: null,
    },
  ],
};

test("a call's answers read as the logs show them; a call without fields shows none", () => {
  const v = qualifyingView(captured);
  assert.equal(v.label, "Not qualified");
  assert.equal(answerOf(v, "budget"), "$2,000");
  assert.equal(answerOf(v, "crm"), "Not answered");
  assert.equal(answerOf(v, "team"), "—");
  assert.deepEqual(qualifyingView(null), { label: null, qualified: null, answers: [] });
  assert.equal(qualifyingView({ ...captured, qualified: true }).label, "Qualified");
});

test("the filter offers every field seen, by key, keeping what was seen before", () => {
  const seen = fieldsSeen(new Map([["team", "Team size"]]), [qualifyingView(captured)]);
  assert.deepEqual(
    [...seen],
    [
      ["team", "Team size"],
      ["budget", "Budget"],
      ["crm", "CRM"],
    ],
  );
});
