import assert from "node:assert/strict";
import { test } from "node:test";
import { readAnswer } from "./read-answer.ts";

const yesNo = (text: string) => readAnswer({ kind: "yes-no" }, text)?.value ?? null;
const number = (text: string) => readAnswer({ kind: "number" }, text)?.value ?? null;

test("the many ways of saying yes and no are read as such, and nothing else is", () => {
  for (const t of ["yes", "Yeah.", "sure", "go ahead", "uh huh", "um yes please", "yeah yeah", "yes that's right"])
    assert.equal(yesNo(t), "yes", t);
  for (const t of ["no", "nope", "no thanks", "not really", "no, I'm good", "no no", "no thank you bye", "nah"])
    assert.equal(yesNo(t), "no", t);
  for (const t of ["", "now", "i don't know", "who is this", "yes no", "no problem at all, go on", "know"])
    assert.equal(yesNo(t), null, t);
});

test("digits and numbers said many ways are read as their digits", () => {
  assert.equal(number("seven"), "7");
  assert.equal(number("two nine three four zero"), "29340");
  assert.equal(number("four oh five"), "405");
  assert.equal(number("it's forty two"), "42");
  assert.equal(number("one hundred and five"), "105");
  assert.equal(number("two thousand three hundred"), "2300");
  assert.equal(number("twenty twenty"), "2020");
  assert.equal(number("double seven three"), "773");
  assert.equal(number("um fifteen"), "15");
  assert.equal(number("seven pm on tuesday"), null, "words that are not a number: open speech");
  assert.equal(number("thanks"), null);
});

test("a day and time is read in the expectation's zone; a choice only when one option is named", () => {
  const now = new Date("2026-03-02T10:00:00Z"); // a Monday
  const time = readAnswer({ kind: "time", now, timezone: "Europe/London" }, "tuesday at three pm");
  assert.deepEqual(time, { kind: "time", value: "2026-03-03T15:00:00+00:00" });
  assert.equal(readAnswer({ kind: "time", now }, "who is this"), null);
  const options = ["the premium plan", "the basic plan"];
  assert.equal(readAnswer({ kind: "choice", options }, "premium please")?.value, "the premium plan");
  assert.equal(readAnswer({ kind: "choice", options }, "the plan"), null, "both options' words: no choice");
  assert.equal(readAnswer({ kind: "open" }, "yes"), null, "open speech has no answer");
});
