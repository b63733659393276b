import assert from "node:assert/strict";
import { test } from "node:test";
import { CrmError } from "./crm-provider.ts";
import { hubspotRequest } from "./hubspot-activities.ts";
import { hubspotAnswerValue, type HubspotPropertyDef } from "./hubspot-answers.ts";

const text = { type: "string" };

test("yes/no is true or false, numbers and amounts their number, in any property type", () => {
  assert.equal(hubspotAnswerValue({ type: "yes_no", value: true }, { type: "bool" }), "true");
  assert.equal(hubspotAnswerValue({ type: "yes_no", value: false }, text), "false");
  assert.equal(hubspotAnswerValue({ type: "number", value: 50 }, { type: "number" }), "50");
  assert.equal(hubspotAnswerValue({ type: "amount", value: 2500.5 }, { type: "number" }), "2500.5");
});

test("a date/time: the ISO instant in UTC; in a date property the callee's own day at midnight UTC, in ms", () => {
  const nextTuesday = { type: "datetime" as const, value: "2031-03-04T21:30:00-05:00" };
  assert.equal(hubspotAnswerValue(nextTuesday, { type: "datetime" }), "2031-03-05T02:30:00.000Z");
  // 9:30 pm in New York is already the 5th in UTC: the day written is the 4th the callee said.
  assert.equal(hubspotAnswerValue(nextTuesday, { type: "date" }), String(Date.UTC(2031, 2, 4)));
  assert.equal(hubspotAnswerValue(nextTuesday, text), "2031-03-05T02:30:00.000Z");
});

test("a choice is the enumeration's own option, matched on its value or label; text as said", () => {
  const vendor = {
    type: "enumeration",
    options: [
      { label: "Salesforce", value: "salesforce" },
      { label: "None yet", value: "none" },
    ],
  };
  assert.equal(hubspotAnswerValue({ type: "choice", value: "Salesforce" }, vendor), "salesforce");
  assert.equal(hubspotAnswerValue({ type: "choice", value: "NONE" }, vendor), "none");
  // Not an option: sent as said, and HubSpot's refusal (INVALID_OPTION) is what the call's sync log shows.
  assert.equal(hubspotAnswerValue({ type: "choice", value: "Zoho" }, vendor), "Zoho");
  assert.equal(hubspotAnswerValue({ type: "choice", value: "Salesforce" }, text), "Salesforce");
  assert.equal(hubspotAnswerValue({ type: "text", value: "mostly kitchen refits" }, text), "mostly kitchen refits");
});

test("the request patches the contact; a property the account lacks is refused naming the field", () => {
  const defs = new Map<string, HubspotPropertyDef>([
    ["budget", { name: "budget", type: "number" }],
    ["has_crm", { name: "has_crm", type: "bool" }],
  ]);
  const answers = [
    { property: "budget", field: "Budget", type: "amount" as const, value: 2000 },
    { property: "has_crm", field: "Uses a CRM", type: "yes_no" as const, value: true },
  ];
  assert.deepEqual(hubspotRequest({ kind: "answers", contactId: "10 1", answers }, defs), {
    method: "PATCH",
    path: "/crm/v3/objects/contacts/10%201",
    body: { properties: { budget: "2000", has_crm: "true" } },
  });
  const missing = [{ property: "team_size", field: "Team size", type: "number" as const, value: 5 }];
  assert.throws(
    () => hubspotRequest({ kind: "answers", contactId: "101", answers: missing }, defs),
    (err: unknown) =>
      err instanceof CrmError &&
      err.status === 400 &&
      /no contact property team_size \(mapped from "Team size"\)/.test(err.message),
  );
});
