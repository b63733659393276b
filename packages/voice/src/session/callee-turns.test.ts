import assert from "node:assert/strict";
import { test } from "node:test";
import { actionFor } from "./callee-turns.ts";

test("turn-taking on a recognised utterance, by what the agent is doing", () => {
  const cases: Array<[string, number, Parameters<typeof actionFor>[2], string]> = [
    ["what does it cost", 900, "silent", "reply"],
    ["", 900, "silent", "ignore"], // a noise with no words
    ["yeah", 300, "silent", "reply"], // "yeah" to a question is an answer
    ["yeah", 300, "speaking", "ignore"], // over the agent it is listening
    ["wait what does it cost", 1200, "speaking", "reply"],
    ["mm-hmm", 400, "paused", "resume"], // barged in with a backchannel: go on
    ["", 300, "paused", "resume"], // a cough
    ["", 1500, "paused", "stop"], // a long sound with no words: stop, nothing to answer
    ["hold on a second", 900, "paused", "reply"],
  ];
  for (const [text, ms, floor, want] of cases)
    assert.equal(actionFor(text, ms, floor), want, `${JSON.stringify(text)} ${ms} ms, agent ${floor}`);
});
