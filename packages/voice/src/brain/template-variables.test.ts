// The shared package has no Node types, so its variable rules are tested here, beside the agent that speaks them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fillVariables } from "@parley/shared/fill-variables";
import {
  availableVariables,
  emptyVariableWarnings,
  unknownVariables,
  unknownVariablesMessage,
  variablesIn,
} from "@parley/shared/template-variables";

test("{x} and {{x}} are both variables; case, spaces and dashes do not matter", () => {
  assert.deepEqual(variablesIn("Hi {name}, {{ First Name }} of {company-name}"), [
    "name",
    "First Name",
    "company-name",
  ]);
  assert.equal(
    fillVariables("Hi {NAME}, about {{Company Name}}.", { name: "Ana", company_name: "Acme" }),
    "Hi Ana, about Acme.",
  );
});

test("an unknown or empty variable is dropped with its space, and no brace is left to be read aloud", () => {
  assert.equal(fillVariables("Hi {name}, welcome {{nope}}!", { name: "" }), "Hi, welcome!");
  assert.equal(fillVariables("Call us {b c} {", {}), "");
  assert.equal(fillVariables("Call us today {", {}), "Call us today");
});

test("a full-name column offers name, first_name, last_name; unknown variables are named with columns", () => {
  assert.deepEqual(availableVariables(["Name", "Phone", "Company Name"]), [
    "name",
    "first_name",
    "last_name",
    "phone",
    "company_name",
  ]);
  assert.deepEqual(
    unknownVariables(["Hi {first_name} at {Company Name}", "{budget}"], ["Name", "Phone", "Company Name"]),
    ["budget"],
  );
  assert.equal(
    unknownVariablesMessage(["budget"], ["Name", "Phone"]),
    "{budget} matches no column of the contact list. Available: {name}, {first_name}, {last_name}, {phone}.",
  );
});

test("a value missing for this contact takes its lead-in words with it, never leaving a hole", () => {
  const line = "We help software teams like {company} get their file types right.";
  assert.equal(
    fillVariables(line, { company: "Acme" }),
    "We help software teams like Acme get their file types right.",
  );
  assert.equal(fillVariables(line, {}), "We help software teams get their file types right.");
  assert.equal(fillVariables(line, { company: "  " }), "We help software teams get their file types right.");
  assert.equal(fillVariables("This is Sam from {company}. Got a minute?", {}), "This is Sam. Got a minute?");
  assert.equal(fillVariables("A plan for the {company}'s team.", {}), "A plan for the team.");
  assert.equal(fillVariables("Like {company}, you ship weekly.", {}), "You ship weekly.");
  // A value that only qualifies the noun after it goes alone.
  assert.equal(
    fillVariables("I'm calling about {budget} plans for the {company} team.", {}),
    "I'm calling about plans for the team.",
  );
});

test("a name said in passing is dropped alone; the sentence starts with a capital", () => {
  assert.equal(fillVariables("Hi {first_name}, how are you?", {}), "Hi, how are you?");
  assert.equal(fillVariables("Thanks {first_name}!", {}), "Thanks!");
  assert.equal(fillVariables("{first_name}, are you there?", {}), "Are you there?");
  assert.equal(fillVariables("Good to hear. {name}, shall we book?", {}), "Good to hear. Shall we book?");
  assert.equal(fillVariables("Great to meet you, {name}.", {}), "Great to meet you.");
});

test("a sentence that cannot stand without the value is not said; the others are", () => {
  assert.equal(
    fillVariables("Hello! Is {company} still looking for help? We can start Monday.", {}),
    "Hello! We can start Monday.",
  );
  assert.equal(fillVariables("{company} is growing fast.", {}), "");
});

test("the team's fallback is said when the contact has no value, and only then", () => {
  const line = "We help teams like {company|yours} ship. Hi {{First Name | there}}!";
  assert.equal(fillVariables(line, {}), "We help teams like yours ship. Hi there!");
  assert.equal(fillVariables(line, { company: "Acme", first_name: "Ana" }), "We help teams like Acme ship. Hi Ana!");
  assert.equal(fillVariables("Is {company|} hiring?", {}), "");
  assert.deepEqual(variablesIn("{company|your team} and {{ First Name | there }}"), ["company", "First Name"]);
});

test("a text without variables, or lower case by design, is left as written", () => {
  assert.equal(fillVariables("book a demo", {}), "book a demo");
  assert.equal(fillVariables("e.g. faster support", {}), "e.g. faster support");
});

test("campaign setup warns of each variable some contacts lack, with how many, unless it has a fallback", () => {
  const texts = ["Hi {name}, teams like {{Company}} ship.", "Ask {budget|your budget}", "{company} again"];
  assert.deepEqual(emptyVariableWarnings(texts, { company: 3, budget: 5, name: 0 }, 10), [
    "{Company} is empty for 3 of 10 contacts: they hear the sentence without it. " +
      "Write {Company|…} to give them a fallback, e.g. {Company|your team}.",
  ]);
  assert.match(emptyVariableWarnings(["{company}"], { company: 2 }, 2)[0]!, /^\{company\} is empty for all 2 contacts/);
});
