// The shared package has no Node types, so its variable rules are tested here, beside the agent that speaks them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { availableVariables, fillVariables, unknownVariables, unknownVariablesMessage, variablesIn } from "@parley/shared/template-variables";

test("{x} and {{x}} are both variables; case, spaces and dashes do not matter", () => {
  assert.deepEqual(variablesIn("Hi {name}, {{ First Name }} of {company-name}"), ["name", "First Name", "company-name"]);
  assert.equal(fillVariables("Hi {NAME}, about {{Company Name}}.", { name: "Ana", company_name: "Acme" }), "Hi Ana, about Acme.");
});

test("an unknown or empty variable is dropped with its space, and no brace is left to be read aloud", () => {
  assert.equal(fillVariables("Hi {name}, welcome {{nope}}!", { name: "" }), "Hi, welcome!");
  assert.equal(fillVariables("a {b c} {", {}), "a");
});

test("a full-name column offers name, first_name and last_name; unknown variables are named with the columns that exist", () => {
  assert.deepEqual(availableVariables(["Name", "Phone", "Company Name"]), ["name", "first_name", "last_name", "phone", "company_name"]);
  assert.deepEqual(unknownVariables(["Hi {first_name} at {Company Name}", "{budget}"], ["Name", "Phone", "Company Name"]), ["budget"]);
  assert.equal(
    unknownVariablesMessage(["budget"], ["Name", "Phone"]),
    "{budget} matches no column of the contact list. Available: {name}, {first_name}, {last_name}, {phone}.",
  );
});
