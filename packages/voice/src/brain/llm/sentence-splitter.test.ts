import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createSentenceSplitter } from "./sentence-splitter.ts";

describe("sentence splitter", () => {
  test("emits each sentence once whitespace follows its end mark", () => {
    const s = createSentenceSplitter();
    assert.deepEqual(s.push("Hello there"), []);
    assert.deepEqual(s.push("!"), []); // not yet: it could still become "!?"
    assert.deepEqual(s.push(" How are"), ["Hello there!"]);
    assert.deepEqual(s.push(" you? I'm"), ["How are you?"]);
    assert.deepEqual(s.push(" fine."), []);
    assert.equal(s.flush(), "I'm fine.");
    assert.equal(s.flush(), null);
  });
  test("keeps prices, decimals and abbreviations whole", () => {
    const s = createSentenceSplitter();
    assert.deepEqual(s.push("It costs $49.99 a month. Dr. Smith will call. "), [
      "It costs $49.99 a month.",
      "Dr. Smith will call.",
    ]);
  });
});
