import assert from "node:assert/strict";
import fs from "node:fs";
import { describe, test } from "node:test";
import { judgeCompleteness } from "./utterance-completeness.ts";

// The references of the real-speech dev set (tests/speech-dev-set): read sentences and spoken card names.
const DEV_SET = new URL("../../../../tests/speech-dev-set/dev-set.json", import.meta.url);
const references = (JSON.parse(fs.readFileSync(DEV_SET, "utf8")) as { clips: Array<{ reference: string }> }).clips.map(
  (c) => c.reference,
);

describe("utterance completeness", () => {
  test("finished answers and requests are complete", () => {
    for (const text of [
      "yes",
      "no thanks",
      "Tuesday at three works",
      "sure thursday at ten thirty",
      "ok book me tuesday at three pm",
      "please stop calling me",
      "take me off your list",
      "thank you",
      "call me tomorrow morning",
      "at three",
      "Yes, that works.",
      "what does it cost?",
    ]) {
      assert.equal(judgeCompleteness(text), "complete", text);
    }
  });

  test("a phrase stopped mid-way is incomplete", () => {
    for (const text of [
      "I'd like to book it on",
      "can we do it at",
      "my budget is um",
      "I think",
      "send it to the",
      "yes and",
      "how about",
      "at half",
      "at quarter past",
      "I would like the premium plan but",
      "Tuesday at three,",
      "so I was thinking…",
    ]) {
      assert.equal(judgeCompleteness(text), "incomplete", text);
    }
  });

  test("a phrase that stops on a content word is complete", () => {
    for (const text of [
      "we already use another provider",
      "do you have an office in chicago",
      "he was not an ill disposed young man",
    ]) {
      assert.equal(judgeCompleteness(text), "complete", text);
    }
  });

  test("a number may still grow unless a time; verbs and pronouns that lead on as often as end are unknown", () => {
    assert.equal(judgeCompleteness("my budget is five"), "unknown"); // five thousand?
    assert.equal(judgeCompleteness("around three thirty"), "complete");
    for (const text of ["yes I can", "the price is", "can you", "I'm not", ""])
      assert.equal(judgeCompleteness(text), "unknown", text);
  });

  test("no whole sentence of the dev set is judged incomplete", () => {
    for (const text of references) assert.notEqual(judgeCompleteness(text), "incomplete", text);
  });

  test("every dev-set sentence cut after a preposition, article or conjunction is incomplete", () => {
    let cuts = 0;
    for (const text of references) {
      const words = text.split(" ");
      for (let i = 1; i < words.length; i++) {
        if (!["to", "in", "of", "for", "and", "a", "the", "an", "than"].includes(words[i - 1]!)) continue;
        const prefix = words.slice(0, i).join(" ");
        cuts++;
        assert.equal(judgeCompleteness(prefix), "incomplete", prefix);
      }
    }
    assert.ok(cuts >= 10, `${cuts} cut points`);
  });
});
