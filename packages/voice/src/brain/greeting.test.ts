import assert from "node:assert/strict";
import { test } from "node:test";
import type { AgentContext } from "./brain.ts";
import { testContext } from "../../../../tests/support/voice/test-providers.ts";
import { greetingLine, lines, splitOpening } from "./rules-lines.ts";
import { systemPrompt } from "./llm/llm-prompt.ts";

const wendy = (openingLine: string, over: Partial<AgentContext> = {}) =>
  testContext({
    orgName: "Bright Dental Org",
    campaign: {
      ...testContext().campaign,
      name: "Trade fair leads",
      description: "Internal note: trade fair list, owner Priya",
      openingLine,
    },
    contact: {
      name: "Wendy Cole",
      firstName: "Wendy",
      phone: "+14155550100",
      email: "",
      variables: { name: "Wendy Cole", first_name: "Wendy", company: "Cole & Co" },
    },
    ...over,
  });

test("an opening line written as the placeholder teaches is one greeting: hello, intro, disclosure once", () => {
  assert.equal(
    greetingLine(wendy("Hi {name}, this is Sam from Bright Dental. Do you have a minute?")),
    "Hi Wendy, this is Sam from Bright Dental. I'm an AI assistant, and this call is recorded. Do you have a minute?",
  );
  assert.equal(
    greetingLine(
      wendy("Hello {{first_name}}! My name is Sam. I'm calling about {company}'s cleaning plan.", { recording: false }),
    ),
    "Hi Wendy, my name is Sam. I'm an AI assistant. I'm calling about Cole & Co's cleaning plan.",
  );
});

test("what followed the hello starts a sentence of its own after the disclosure", () => {
  assert.equal(
    greetingLine(wendy("Hi {name}, how is the new clinic at {company} going?")),
    "Hi Wendy, this is an AI assistant calling on behalf of Bright Dental Org. " +
      "This call is recorded. How is the new clinic at Cole & Co going?",
  );
  assert.equal(
    greetingLine(wendy("Hi {name}, this is Sam from Bright Dental and we have a spring offer.", { recording: false })),
    "Hi Wendy, this is Sam from Bright Dental and we have a spring offer. I'm an AI assistant. Do you have a minute?",
  );
});

test("without a self-introduction the agent introduces itself; description and campaign name are never said", () => {
  const said = greetingLine(wendy("I'm calling about our spring offer for {company}."));
  assert.equal(
    said,
    "Hi Wendy, this is an AI assistant calling on behalf of Bright Dental Org. This " +
      "call is recorded. I'm calling about our spring offer for Cole & Co.",
  );
  const bare = wendy("");
  for (const line of [greetingLine(bare), lines.reintroduce(bare), lines.voicemail(bare), lines.proposeMeeting(bare)]) {
    assert.doesNotMatch(line, /Internal note|Priya|Trade fair/, line);
  }
});

test("the team's description and campaign name never reach a language model, so it cannot paraphrase them", () => {
  assert.doesNotMatch(
    systemPrompt(wendy("Hi {name}, this is Sam from Bright Dental."), []),
    /Internal note|Priya|Trade fair/,
  );
});

test("the agent's name and the company as spoken come from the organisation's settings", () => {
  assert.equal(
    greetingLine(wendy("", { agentName: "Maya", companyName: "Bright Dental" })),
    "Hi Wendy, this is Maya, an AI assistant calling on behalf of Bright " +
      "Dental. This call is recorded. Do you have a minute?",
  );
});

test("nothing in braces is spoken: unknown variables drop out with their space", () => {
  const said = greetingLine(wendy("Hi {nickname}, I'm calling about {{ Budget }} plans. {oops"));
  assert.doesNotMatch(said, /[{}]/);
  assert.equal(
    said,
    "Hi Wendy, this is an AI assistant calling on behalf of Bright Dental " +
      "Org. This call is recorded. I'm calling about plans. oops",
  );
});

test("splitOpening keeps 'I'm calling…' as the message, not as an introduction", () => {
  assert.deepEqual(splitOpening("I'm calling about the fair."), { intro: null, rest: "I'm calling about the fair." });
  assert.deepEqual(splitOpening("Hey there, I'm Sam from Acme. Got a minute?"), {
    intro: "I'm Sam from Acme.",
    rest: "Got a minute?",
  });
  assert.deepEqual(splitOpening("Good morning! This is Acme Realty."), { intro: "this is Acme Realty.", rest: "" });
});

test("the voicemail and a re-introduction name the caller in the opening line's words, with the disclosure", () => {
  const sam = wendy("Hi {name}, this is Sam from Bright Dental. Do you have a minute?");
  assert.equal(
    lines.voicemail(sam),
    "Hi Wendy, this is Sam from Bright Dental. I'm an AI assistant. Sorry we " +
      "missed you. We'll try you again another time. Have a great day.",
  );
  assert.equal(
    lines.reintroduce(sam),
    "Hi, this is Sam from Bright Dental. I'm an AI assistant. Do you have a minute?",
  );
  assert.equal(
    lines.voicemail(wendy("")),
    "Hi Wendy, this is an AI assistant calling on behalf of Bright Dental Org. Sorry " +
      "we missed you. We'll try you again another time. Have a great day.",
  );
});

test("the company the opening line introduces is the one named again later, over Settings and the organisation", () => {
  const sam = wendy("Hi {name}, this is Sam from Bright Dental. Do you have a minute?", {
    orgName: "Acme 12ab",
    companyName: "Acme Holdings",
  });
  assert.equal(
    lines.proposeMeeting(sam),
    "I'd love to set up a short meeting with the Bright Dental team. What day and time would suit you?",
  );
  const comma = wendy("Hello! I'm Sam, with Cole Realty Partners.", { orgName: "Acme 12ab" });
  assert.equal(
    lines.proposeMeeting(comma),
    "I'd love to set up a short meeting with the Cole Realty Partners team. What day and time would suit you?",
  );
  // No company in the introduction: the company as spoken, else the organisation's name.
  assert.match(
    lines.proposeMeeting(wendy("My name is Sam.", { companyName: "Acme Holdings" })),
    /the Acme Holdings team/,
  );
  assert.match(lines.proposeMeeting(wendy("This is Sam at the front desk.")), /the Bright Dental Org team/);
});

test("a test call's tester has no company: the greeting drops the phrase, or says the team's fallback", () => {
  const tester = { name: "", firstName: "", phone: "+14155550100", email: "", variables: {} };
  const line = "We help software teams like {company} get their file types right.";
  assert.equal(
    greetingLine(wendy(line, { contact: tester, recording: false })),
    "Hi there, this is an AI assistant calling on behalf of Bright Dental " +
      "Org. We help software teams get their file types right.",
  );
  assert.equal(
    greetingLine(wendy("We help teams like {company|yours} ship.", { contact: tester, recording: false })),
    "Hi there, this is an AI assistant calling on behalf of Bright Dental Org. We help teams like yours ship.",
  );
});
