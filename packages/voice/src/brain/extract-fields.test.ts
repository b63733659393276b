import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractBudget, extractService } from "./extract-fields.ts";

describe("extractBudget", () => {
  const cases: Array<[string, string | null]> = [
    ["about five thousand dollars", "$5,000"],
    ["our budget is around $5000", "$5,000"],
    ["we could spend 10k dollars", "$10,000"],
    ["maybe twenty five hundred euros", "€2,500"],
    ["the budget is fifteen thousand", "15,000"],
    ["tuesday at 3 pm", null],
    ["i have two kids", null],
  ];
  for (const [text, out] of cases) test(`"${text}" → ${out}`, () => assert.equal(extractBudget(text), out));
});

describe("extractService", () => {
  test("product phrases", () => {
    assert.equal(extractService("What does the premium plan cost?", "sales"), "premium plan");
    assert.equal(extractService("tell me about your enterprise package", "sales"), "enterprise package");
    assert.equal(extractService("i want solar panels", "solar panels"), "solar panels");
    assert.equal(extractService("hello who is this", "sales"), null);
  });
});
