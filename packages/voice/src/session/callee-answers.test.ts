import assert from "node:assert/strict";
import { test } from "node:test";
import type { Answer, Expectation } from "../expectation/expectation.ts";
import { createCallState } from "./call-state.ts";
import { createCalleeAnswers } from "./callee-answers.ts";
import { createSessionBus } from "./session-bus.ts";

function answersFor(expectation: Expectation, optOutDigit: string | null = "9") {
  const bus = createSessionBus();
  const keyed: Array<{ text: string; answer: Answer }> = [];
  bus.on("keyed", (e) => keyed.push({ text: e.text, answer: e.answer }));
  const set: Expectation[] = [];
  const state = createCallState();
  state.answer(new Date());
  const answers = createCalleeAnswers({
    stt: { expect: (e) => void set.push(e) },
    brain: { expecting: () => expectation },
    state,
    bus,
    optOutDigit,
    keysPauseMs: 50,
  });
  answers.listen();
  return { answers, keyed, set };
}

test("1 and 2 answer a yes/no question; other keys and the opt-out key are left to the server", () => {
  const { answers, keyed, set } = answersFor({ kind: "yes-no" });
  assert.deepEqual(set, [{ kind: "yes-no" }]);
  assert.equal(answers.key("1"), true);
  assert.equal(answers.key("2"), true);
  assert.equal(answers.key("9"), false);
  assert.equal(answers.key("5"), false);
  assert.deepEqual(keyed, [
    { text: "yes (pressed 1)", answer: { kind: "yes-no", value: "yes" } },
    { text: "no (pressed 2)", answer: { kind: "yes-no", value: "no" } },
  ]);
  // An opt-out key of 1 or 2 keeps opting out: it is never a yes or a no.
  assert.equal(answersFor({ kind: "yes-no" }, "2").answers.key("2"), false);
});

test("digits answer a number when # ends them or the keys pause; the opt-out key is then a digit", async () => {
  const { answers, keyed } = answersFor({ kind: "number" });
  for (const k of ["4", "9", "1", "#"]) assert.equal(answers.key(k), true);
  for (const k of ["7", "0"]) answers.key(k);
  await new Promise((r) => setTimeout(r, 120));
  assert.deepEqual(
    keyed.map((k) => k.answer),
    [
      { kind: "number", value: "491" },
      { kind: "number", value: "70" },
    ],
  );
  assert.equal(keyed[0]!.text, "4 9 1 (keyed in)");
});

test("keys answer nothing under open speech; an utterance's answer comes from the engine or from its words", () => {
  assert.equal(answersFor({ kind: "open" }).answers.key("1"), false);
  const { answers } = answersFor({ kind: "yes-no" });
  assert.deepEqual(answers.heardUnder(1000, { text: "nope", confidence: 0.9 }), {
    answer: { kind: "yes-no", value: "no" },
    askAgain: false,
  });
  assert.deepEqual(answers.heardUnder(1000, { text: "nope", confidence: 0.2 }), { answer: null, askAgain: true });
  assert.deepEqual(
    answers.heardUnder(1000, { text: "now", confidence: 0.2, answer: { kind: "yes-no", value: "no" } }),
    {
      answer: { kind: "yes-no", value: "no" },
      askAgain: false,
    },
  );
  assert.equal(answersFor({ kind: "open" }).answers.heardUnder(1000, { text: "no", confidence: 1 }), undefined);
});
