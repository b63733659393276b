import assert from "node:assert/strict";
import test from "node:test";
import { BOOKED_CALL, call, GREETING, type Said } from "../../../../../../tests/support/scorecard-calls.ts";
import { aiDisclosed, recordingDisclosed } from "./disclosure.ts";

test("a greeting that says AI and recorded passes both, decided by the first line", () => {
  const s = call(BOOKED_CALL);
  assert.equal(aiDisclosed(s).result, "pass");
  assert.deepEqual(aiDisclosed(s).line, { index: 0, at_ms: 600 });
  assert.equal(recordingDisclosed(s).result, "pass");
});

test("a first turn that hides the AI fails; saying it only later does not mend it", () => {
  const s = call([
    ["agent", "Hi Dana, this is Maya from Bright Dental. This call may be recorded. Do you have a minute?", 0.5, 5],
    ["callee", "are you a robot", 6, 7],
    ["agent", "Yes, I'm an AI assistant.", 8, 9.5],
  ]);
  const ai = aiDisclosed(s);
  assert.equal(ai.result, "fail");
  assert.equal(ai.line?.index, 0);
  assert.equal(recordingDisclosed(s).result, "pass");
});

test("a recorded call whose greeting never mentions the recording fails; an unrecorded one does not apply", () => {
  const said: Said[] = [["agent", "Hi Dana, this is an AI assistant calling for Bright Dental. Got a minute?", 0.4, 4]];
  assert.equal(recordingDisclosed(call(said)).result, "fail");
  assert.equal(recordingDisclosed(call(said, { recorded: false })).result, "na");
  assert.equal(aiDisclosed(call(said)).result, "pass");
});

test("no answer, a voicemail message: not applicable", () => {
  const none = call([], { answered: false, outcome: "no_answer" });
  assert.equal(aiDisclosed(none).result, "na");
  assert.equal(recordingDisclosed(none).result, "na");
  const vm = call([["agent", GREETING, 0.5, 6]], { outcome: "voicemail" });
  assert.equal(recordingDisclosed(vm).result, "na");
  assert.equal(aiDisclosed(vm).result, "pass");
});
