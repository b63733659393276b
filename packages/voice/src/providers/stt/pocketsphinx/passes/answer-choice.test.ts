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

// Passes as the recognizer thread gives them: each word with its posterior and pronunciation.
const said = (logProb: number, ...words: Array<[string, number, string]>): Pass => ({
  text: words.map(([w]) => w).join(" "),
  logProb,
  confidence: words.reduce((n, [, p]) => n + p, 0) / words.length,
  words: words.map(([word, posterior, phones]) => ({ word, posterior, phones })),
});
const ASKED_AGAIN = { answer: null, askAgain: true };
const fire = said(-212_000, ["fire", 0.13, "F AY ER"]);

test('a digit the open words misheard as a word that sounds like it alone is taken ("fire" for "five")', () => {
  assert.deepEqual(
    chooseAnswer(NUMBER, { text: "fire", confidence: 0.13 }, fire, said(-180_000, ["five", 0.78, "F AY V"])),
    {
      answer: { kind: "number", value: "5" },
      askAgain: false,
    },
  );
  const theZero = said(-264_000, ["the", 0.14, "DH AH"], ["zero", 0.27, "Z IH R OW"]);
  const zero = said(-180_000, ["zero", 0.73, "Z IH R OW"]);
  assert.equal(chooseAnswer(NUMBER, { text: "the zero", confidence: 0.2 }, theZero, zero).answer?.value, "0");
});

test('a misheard word as like another digit is asked again ("fine": "five" or "nine")', () => {
  const fine = said(-290_000, ["fine", 0.07, "F AY N"]);
  for (const digit of [said(-222_000, ["five", 0.67, "F AY V"]), said(-222_000, ["nine", 0.69, "N AY N"])])
    assert.deepEqual(chooseAnswer(NUMBER, { text: "fine", confidence: 0.07 }, fine, digit), ASKED_AGAIN);
  // Several digits are left to the other rules.
  const toFire = said(-500_000, ["to", 0.3, "T UW"], ["fire", 0.2, "F AY ER"]);
  const twoFive = said(-480_000, ["two", 0.9, "T UW"], ["five", 0.9, "F AY V"]);
  assert.deepEqual(chooseAnswer(NUMBER, { text: "to fire", confidence: 0.25 }, toFire, twoFive), ASKED_AGAIN);
});

test("a misheard digit is asked again when the open pass was sure, the model unsure, or the sounds unlike", () => {
  const five = said(-180_000, ["five", 0.78, "F AY V"]);
  // The open pass was sure of its word: the callee may well have said "fire".
  const sureFire = said(-212_000, ["fire", 0.9, "F AY ER"]);
  assert.deepEqual(chooseAnswer(NUMBER, { text: "fire", confidence: 0.9 }, sureFire, five), ASKED_AGAIN);
  // The answers' model itself was torn between the digit and its alternatives.
  const torn = said(-180_000, ["five", 0.55, "F AY V"]);
  assert.deepEqual(chooseAnswer(NUMBER, { text: "fire", confidence: 0.13 }, fire, torn), ASKED_AGAIN);
  // "fake" does not sound like "six".
  const fake = said(-228_000, ["fake", 0.09, "F EY K"]);
  const six = said(-180_000, ["six", 0.76, "S IH K S"]);
  assert.deepEqual(chooseAnswer(NUMBER, { text: "fake", confidence: 0.09 }, fake, six), ASKED_AGAIN);
  // English explains the audio better than the digit does: open speech.
  const worse = said(-300_000, ["five", 0.78, "F AY V"]);
  assert.deepEqual(chooseAnswer(NUMBER, { text: "fire", confidence: 0.13 }, fire, worse), {
    answer: null,
    askAgain: false,
  });
  // Words without pronunciations (the fallback's passes) prove no likeness.
  const bare = { ...fire, words: fire.words.map(({ word, posterior }) => ({ word, posterior })) };
  assert.deepEqual(chooseAnswer(NUMBER, { text: "fire", confidence: 0.13 }, bare, five), ASKED_AGAIN);
});

test("only a number is taken from a misheard word: a yes or no still needs the open words or a clear lead", () => {
  const yesNo: Expectation = { kind: "yes-no" };
  const now = said(-200_000, ["now", 0.2, "N AW"]);
  assert.deepEqual(
    chooseAnswer(yesNo, { text: "now", confidence: 0.2 }, now, said(-180_000, ["no", 0.7, "N OW"])),
    ASKED_AGAIN,
  );
});

test("a teen or ty word is never taken from a misheard word", () => {
  const fifteen = said(-256_000, ["fifteen", 0.29, "F IH F T IY N"]);
  const fifty = said(-188_000, ["fifty", 0.9, "F IH F T IY"]);
  assert.deepEqual(chooseAnswer(NUMBER, { text: "fifteen", confidence: 0.29 }, fifteen, fifty), ASKED_AGAIN);
});
