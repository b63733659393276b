import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { OutcomeField, OutcomeFieldType } from "@parley/shared/outcome-fields";
import { type FieldReading, readField, readUnasked } from "./field-readers.ts";

const field = (type: OutcomeFieldType, options: string[] = [], question = "?"): OutcomeField => ({
  name: type,
  type,
  question,
  options,
  qualifies_when: null,
});
const time = { now: new Date("2026-03-02T10:00:00Z"), timezone: "America/New_York" }; // a Monday
const read = (f: OutcomeField, text: string): FieldReading => readField(f, text, time);
const value = (f: OutcomeField, text: string) => {
  const r = read(f, text);
  return r.kind === "value" ? r.value : r.kind;
};

describe("yes/no answers lead with a yes or a no, whatever follows", () => {
  const f = field("yes_no");
  for (const t of ["yeah we do", "Yes.", "um, yes we have one", "Absolutely, every week", "we do", "sure thing"])
    test(`"${t}" is yes`, () => assert.equal(value(f, t), true));
  for (const t of ["no we don't", "Nope.", "not yet", "we don't, no", "well no, not really", "never have"])
    test(`"${t}" is no`, () => assert.equal(value(f, t), false));
  test("words that lead with neither are unclear, and 'I don't know' is no answer rather than a no", () => {
    assert.equal(value(f, "we're on Salesforce"), "unclear");
    assert.equal(value(f, "who is this"), "unclear");
    assert.equal(value(f, "I don't know"), "declined");
    assert.equal(value(f, "not sure yet"), "declined");
  });
});

describe("numbers are the one number said", () => {
  const f = field("number");
  test("counts said as words, digits and hedged", () => {
    assert.equal(value(f, "maybe fifty people"), 50);
    assert.equal(value(f, "about 120"), 120);
    assert.equal(value(f, "a dozen or so"), 12);
    assert.equal(value(f, "one hundred and five"), 105);
    assert.equal(value(f, "just me"), 1);
    assert.equal(value(f, "none"), 0);
  });
  test("two numbers are unclear (asked again), none with a hedge is declined", () => {
    assert.equal(value(f, "fifty to sixty"), "unclear");
    assert.equal(value(f, "not sure yet"), "declined");
    assert.equal(value(f, "who's asking"), "unclear");
    assert.equal(value(f, "I'm not sure, maybe thirty"), 30, "a hedged number is still the number said");
  });
});

describe("amounts are money as people say it", () => {
  const f = field("amount");
  const display = (t: string) => {
    const r = read(f, t);
    return r.kind === "value" ? `${r.display}|${r.currency}` : r.kind;
  };
  test("grand, k, thousand, currencies", () => {
    assert.equal(value(f, "about two grand a month"), 2000);
    assert.equal(display("about two grand a month"), "2,000|null");
    assert.equal(display("$1,500"), "$1,500|$");
    assert.equal(display("we spend roughly 5k dollars"), "$5,000|$");
    assert.equal(display("two and a half thousand euros"), "€2,500|€");
    assert.equal(display("fifteen hundred quid"), "£1,500|£");
    assert.equal(value(f, "around three hundred"), 300);
  });
  test("a range or no number is not an amount", () => {
    assert.equal(value(f, "between two and three grand"), "unclear");
    assert.equal(value(f, "not sure yet"), "declined");
    assert.equal(value(f, "it varies a lot"), "unclear");
    // Heard on a whole call for "About two thousand dollars a month": no number was heard, so no amount is read.
    assert.equal(value(f, "the bounty of thousand dollars a month"), "unclear");
    assert.equal(value(f, "a thousand dollars"), 1000);
    assert.equal(value(f, "one hundred and fifty thousand"), 150000);
  });
});

describe("dates and times are read in the campaign's zone", () => {
  const f = field("datetime");
  test("a day and a time", () => {
    assert.equal(value(f, "next tuesday at three pm"), "2026-03-10T15:00:00-04:00");
    assert.equal(value(f, "probably the fifteenth of april"), "2026-04-15T09:00:00-04:00");
  });
  test("no time named", () => {
    assert.equal(value(f, "sometime soon"), "unclear");
    assert.equal(value(f, "no idea"), "declined");
  });
});

describe("one of a list takes the one option named", () => {
  const f = field("choice", ["Salesforce", "HubSpot", "Pipedrive", "None"]);
  test("named among other words", () => {
    assert.equal(value(f, "we're on Salesforce"), "Salesforce");
    assert.equal(value(f, "hubspot at the moment"), "HubSpot");
    assert.equal(value(f, "none of them really"), "None");
  });
  test("two named, or none, is unclear", () => {
    assert.equal(value(f, "salesforce and hubspot"), "unclear");
    assert.equal(value(f, "a spreadsheet"), "unclear");
  });
});

describe("short text keeps the callee's words", () => {
  const f = field("text");
  test("fillers go, a non-answer is declined", () => {
    assert.equal(value(f, "Um, mostly kitchen refits"), "mostly kitchen refits");
    assert.equal(value(f, "I'd rather not say"), "declined");
    assert.equal(value(f, "um"), "unclear");
  });
});

describe("words said before the question fill a field only when they cannot mean anything else", () => {
  test("a choice named, money, a count of the question's own noun", () => {
    const crm = field("choice", ["Salesforce", "HubSpot"]);
    assert.equal(readUnasked(crm, "yes sure, we're on HubSpot by the way").kind, "value");
    assert.equal(readUnasked(field("amount"), "we spend about two grand a month").kind, "value");
    assert.equal(readUnasked(field("amount"), "I have two kids").kind, "unclear");
    const team = field("number", [], "How many people work at your company?");
    assert.equal(readUnasked(team, "we're about fifty people").kind, "value");
    assert.equal(readUnasked(team, "call me at five").kind, "unclear");
  });
  test("yes/no, dates and text are always asked", () => {
    assert.equal(readUnasked(field("yes_no"), "yes").kind, "unclear");
    assert.equal(readUnasked(field("text"), "we do kitchens").kind, "unclear");
    assert.equal(readUnasked(field("datetime"), "tuesday at 3").kind, "unclear");
  });
});
