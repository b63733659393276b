import assert from "node:assert/strict";
import test from "node:test";
import { BOOKED_CALL, call, GREETING } from "../../../../../../tests/support/scorecard-calls.ts";
import { firstWord, longestSilence, talkRatio } from "./timing.ts";

test("the booked call: first word at 0.6 s, the agent's longest wait 1.2 s, a fair share of talk", () => {
  const s = call(BOOKED_CALL);
  assert.deepEqual([firstWord(s).result, firstWord(s).value], ["pass", 600]);
  const silence = longestSilence(s);
  assert.equal(silence.result, "pass");
  assert.equal(silence.value, 1200);
  assert.equal(silence.line?.index, 4);
  const ratio = talkRatio(s);
  assert.equal(ratio.result, "pass");
  assert.ok(ratio.value! > 0.8 && ratio.value! <= 0.85, String(ratio.value));
});

test("a greeting 2.4 s after the pick-up fails the first word", () => {
  const c = firstWord(call([["agent", GREETING, 2.4, 8]]));
  assert.equal(c.result, "fail");
  assert.equal(c.value, 2400);
  assert.match(c.note, /2\.4 s/);
});

test("4.5 s of dead air before the agent's answer fails, pointing at the late answer", () => {
  const s = call([
    ["agent", GREETING, 0.5, 6],
    ["callee", "what do you sell exactly", 7, 8.5],
    ["agent", "We help dental practices fill their calendars.", 13, 16],
  ]);
  const c = longestSilence(s);
  assert.equal(c.result, "fail");
  assert.equal(c.value, 4500);
  assert.deepEqual(c.line, { index: 2, at_ms: 13000 });
});

test("an agent that talks 90% of the time over several turns fails the talk ratio", () => {
  const s = call([
    ["agent", GREETING, 0.5, 8],
    ["callee", "yes", 9, 9.4],
    ["agent", "Great. Our premium plan gives you online booking, reminders, and a lot more besides.", 10, 30],
    ["callee", "ok", 31, 31.3],
    ["agent", "Would you like a short demo of it this week?", 32, 36],
  ]);
  const c = talkRatio(s);
  assert.equal(c.result, "fail");
  assert.equal(c.line?.index, 2);
});

test("timing does not apply without a conversation", () => {
  const s = call([["agent", GREETING, 0.5, 6]], { outcome: "voicemail" });
  assert.equal(talkRatio(s).result, "na");
  assert.equal(longestSilence(s).result, "na");
  assert.equal(firstWord(call([], { answered: false })).result, "na");
  const short = call([
    ["agent", GREETING, 0.5, 6],
    ["callee", "not interested", 7, 8],
  ]);
  assert.equal(talkRatio(short).result, "na");
});
