import assert from "node:assert/strict";
import { test } from "node:test";
import type { Expectation } from "../../../../expectation/expectation.ts";
import { chooseAnswer } from "./answer-choice.ts";
import type { Pass } from "./pass.ts";

const NUMBER: Expectation = { kind: "number" };
const pass = (text: string, logProb: number, confidence: number): Pass => ({
  text,
  logProb,
  confidence,
  words: text.split(" ").map((word) => ({ word, posterior: confidence })),
});
const general = pass("kevin", -1000, 0.4);

test("an answer both the open words and the answers' model hear is taken", () => {
  const heard = chooseAnswer(NUMBER, { text: "seven", confidence: 0.4 }, general, pass("seven", -990, 0.6));
  assert.deepEqual(heard, { answer: { kind: "number", value: "7" }, askAgain: false });
});

test("the answers' model alone is taken only when it explains the audio far better and surely", () => {
  const open = { text: "kevin", confidence: 0.4 };
  assert.deepEqual(chooseAnswer(NUMBER, open, general, pass("seven", -700, 0.97)), {
    answer: { kind: "number", value: "7" },
    askAgain: false,
  });
  assert.deepEqual(chooseAnswer(NUMBER, open, general, pass("seven", -950, 0.97)), { answer: null, askAgain: true });
  assert.deepEqual(chooseAnswer(NUMBER, open, general, pass("seven", -700, 0.6)), { answer: null, askAgain: true });
});

test("speech outside the answers is open speech, never forced into an answer", () => {
  const open = { text: "hello world", confidence: 0.8 };
  // The model took its way out (words that are no number) ...
  assert.deepEqual(chooseAnswer(NUMBER, open, general, pass("hello will", -990, 0.7)), {
    answer: null,
    askAgain: false,
  });
  // ... or forced a number onto audio English explains better.
  assert.deepEqual(chooseAnswer(NUMBER, open, general, pass("ten oh", -1100, 0.9)), { answer: null, askAgain: false });
});

test("two different answers, or an answer the model did not hear, are asked again", () => {
  assert.deepEqual(chooseAnswer(NUMBER, { text: "fourteen", confidence: 0.9 }, general, pass("forty", -900, 0.9)), {
    answer: null,
    askAgain: true,
  });
  assert.deepEqual(chooseAnswer(NUMBER, { text: "seven", confidence: 0.9 }, general, pass("hello", -900, 0.9)), {
    answer: null,
    askAgain: true,
  });
});

test("without an answers' pass (the fallback engine), the words decide with their confidence", () => {
  const yesNo: Expectation = { kind: "yes-no" };
  assert.equal(chooseAnswer(yesNo, { text: "nope", confidence: 0.9 }, general, null).answer?.value, "no");
  assert.deepEqual(chooseAnswer(yesNo, { text: "nope", confidence: 0.3 }, general, null), {
    answer: null,
    askAgain: true,
  });
});

test("a number with a teen or a ty word is asked again, even when both passes hear it: the two sound alike", () => {
  assert.deepEqual(chooseAnswer(NUMBER, { text: "fourteen", confidence: 0.9 }, general, pass("fourteen", -700, 0.97)), {
    answer: null,
    askAgain: true,
  });
  assert.deepEqual(
    chooseAnswer(NUMBER, { text: "twenty two", confidence: 0.9 }, general, pass("twenty two", -700, 0.97)),
    {
      answer: { kind: "number", value: "22" },
      askAgain: false,
    },
  );
});
