import assert from "node:assert/strict";
import test from "node:test";
import { BOOKED_CALL, call, GREETING, type Said } from "../../../../../../tests/support/scorecard-calls.ts";
import { isQuestion } from "./questions.ts";
import { questionsAnswered } from "./questions-answered.ts";

test("questions as a recogniser writes them (no question mark), and what is not one", () => {
  for (const said of [
    "how much does it cost",
    "um so do you work with orthodontists",
    "and what about weekends",
    "i was wondering if you integrate with dentrix",
    "is there a contract?",
  ])
    assert.ok(isQuestion(said), said);
  for (const said of ["yes sure", "sorry what", "tuesday at three", "we already have a system", "say that again"])
    assert.ok(!isQuestion(said), said);
});

test("the booked call: two questions answered (one from the FAQ)", () => {
  const c = questionsAnswered(call(BOOKED_CALL));
  assert.equal(c.result, "pass");
  assert.equal(c.line?.index, 3);
});

test("an honest decline is an answer", () => {
  const s = call([
    ["agent", GREETING, 0.5, 6],
    ["callee", "do you integrate with dentrix", 7, 9],
    [
      "agent",
      "I'm sorry, I don't have that information with me. I can have someone from the team follow up with the answer.",
      10,
      16,
    ],
  ]);
  assert.equal(questionsAnswered(s).result, "pass");
});

test("a question the agent talks past fails, at the question", () => {
  const s = call([
    ["agent", GREETING, 0.5, 6],
    ["callee", "what happens to my patient data", 7, 9],
    ["agent", "Great, thank you. Would you like a short demo of the premium plan this week?", 10, 15],
    ["callee", "maybe", 16, 16.5],
  ]);
  const c = questionsAnswered(s);
  assert.equal(c.result, "fail");
  assert.deepEqual(c.line, { index: 1, at_ms: 7000 });
  assert.match(c.note, /patient data/);
});

test("'didn't catch that' is no answer unless the lead asks again", () => {
  const base: Said[] = [
    ["agent", GREETING, 0.5, 6],
    ["callee", "how long is the demo", 7, 8.5],
    ["agent", "Sorry, I didn't quite catch that. Could you say it again?", 9.5, 12],
  ];
  assert.equal(questionsAnswered(call([...base, ["callee", "never mind", 13, 14]])).result, "fail");
  const again = call([
    ...base,
    ["callee", "how long is the demo", 13, 14.5],
    ["agent", "The demo is about twenty minutes long.", 15.5, 18],
  ]);
  assert.equal(questionsAnswered(again).result, "pass");
});

test("no question, or the call ended on the question: not applicable", () => {
  assert.equal(
    questionsAnswered(
      call([
        ["agent", GREETING, 0.5, 6],
        ["callee", "yes", 7, 7.4],
      ]),
    ).result,
    "na",
  );
  const hungUp = call([
    ["agent", GREETING, 0.5, 6],
    ["callee", "who gave you my number", 7, 8.5],
  ]);
  assert.equal(questionsAnswered(hungUp).result, "na");
});
