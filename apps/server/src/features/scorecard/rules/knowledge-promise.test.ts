import assert from "node:assert/strict";
import test from "node:test";
import type { KbSource } from "@parley/shared/knowledge-base";
import { BOOKED_CALL, call, GREETING, type Said } from "../../../../../../tests/support/scorecard-calls.ts";
import { noOutsidePromise } from "./knowledge-promise.ts";

const lookup = (query: string, used: boolean): KbSource => ({
  query,
  document_id: "d1",
  document_name: "Premium plan.pdf",
  heading: "Integrations",
  passage_id: "p1",
  used,
  checks: [],
});

const asked = (question: string, reply: string): Said[] => [
  ["agent", GREETING, 0.5, 6],
  ["callee", question, 7, 9],
  ["agent", reply, 10, 15],
];

test("an answer read from the FAQ passes", () => {
  assert.equal(noOutsidePromise(call(BOOKED_CALL)).result, "pass");
});

test("an answer taken from a knowledge-base passage passes", () => {
  const q = "do you integrate with dentrix";
  const s = call(asked(q, "Yes, the premium plan syncs with Dentrix every 5 minutes."), {
    kbSources: [lookup(q, true)],
  });
  assert.equal(noOutsidePromise(s).result, "pass");
});

test("the knowledge base declined, and the agent said it does not know: pass", () => {
  const q = "do you integrate with dentrix";
  const s = call(
    asked(q, "I'm sorry, I don't have that information with me: what I have on Integrations doesn't say either way."),
    { kbSources: [lookup(q, false)] },
  );
  assert.equal(noOutsidePromise(s).result, "pass");
});

test("the knowledge base declined, yet the agent promised: fail at the promise", () => {
  const q = "do you integrate with dentrix";
  const s = call(asked(q, "Yes, absolutely, and the integration is free for the first year."), {
    kbSources: [lookup(q, false)],
  });
  const c = noOutsidePromise(s);
  assert.equal(c.result, "fail");
  assert.deepEqual(c.line, { index: 2, at_ms: 10000 });
});

test("no passage and no FAQ, and the agent quoted a price: fail", () => {
  const s = call(asked("what's the setup fee", "The setup fee is 200 dollars, paid once."), { faqs: [] });
  assert.equal(noOutsidePromise(s).result, "fail");
});

test("questions about booking or who is calling are not about the offer: not applicable", () => {
  const s = call([
    ["agent", GREETING, 0.5, 6],
    ["callee", "who is this", 7, 8],
    ["agent", "This is Maya, an AI assistant calling on behalf of Bright Dental.", 9, 13],
    ["callee", "can we do tuesday at 3", 14, 15.5],
    ["agent", "Let me check the calendar.", 16.5, 18],
  ]);
  assert.equal(noOutsidePromise(s).result, "na");
});
