import assert from "node:assert/strict";
import { test } from "node:test";
import { crmMappingOf, emptyRow, rowProblems, rowsChanged, toField, toRow } from "./field-rows.ts";

const budget = { ...emptyRow(), name: "Budget", type: "amount" as const, question: "What do you spend?", min: "1000" };

test("a row becomes the API's field, its rule only with what its type uses", () => {
  assert.deepEqual(toField({ ...budget, qualifyYes: "yes", oneOf: ["x"] }), {
    name: "Budget",
    type: "amount",
    question: "What do you spend?",
    options: [],
    qualifies_when: { min: 1000 },
  });
  const crm = { ...emptyRow(), name: "CRM", type: "choice" as const, question: "Which?", options: "A, B ,, C" };
  assert.deepEqual(toField({ ...crm, oneOf: ["A"] }).options, ["A", "B", "C"]);
  assert.deepEqual(toField({ ...crm, oneOf: ["A"] }).qualifies_when, { one_of: ["A"] });
  const back = toRow({ ...toField(budget), options: [], qualifies_when: { min: 1000 } });
  assert.equal(back.min, "1000");
});

test("problems are the server's, by row; an unchanged list is not sent again", () => {
  const twice = rowProblems([budget, { ...budget, name: "budget " }]);
  assert.deepEqual([...twice], [[1, 'Two fields are named "Budget": each name must differ.']]);
  assert.equal(rowProblems([{ ...budget, question: "" }]).get(0), "Each field needs the question the agent asks.");
  assert.equal(rowProblems([budget]).size, 0);
  const saved = [{ ...toField(budget), options: [], qualifies_when: { min: 1000 } }];
  assert.equal(rowsChanged(saved, [budget]), false);
  assert.equal(rowsChanged(saved, [{ ...budget, min: "2000" }]), true);
});

test("a row's HubSpot property: mapped by the field's key, checked as an internal name, none when empty", () => {
  const rows = [
    { ...budget, name: "Budget / month", crmProperty: " monthly_budget " },
    { ...budget, name: "Team", crmProperty: "" },
  ];
  assert.deepEqual(crmMappingOf(rows), [{ field: "budget_month", property: "monthly_budget" }]);
  assert.equal(
    rowProblems([{ ...budget, crmProperty: "Monthly Budget" }]).get(0),
    "Use the property's internal name: lowercase letters, digits and _, starting with a letter (budget_per_month).",
  );
  const field = { ...toField(rows[0]!), options: [], qualifies_when: null };
  const back = toRow(field, new Map([["budget_month", "monthly_budget"]]));
  assert.equal(back.crmProperty, "monthly_budget");
});
