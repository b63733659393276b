import assert from "node:assert/strict";
import test from "node:test";
import { BOOKED_CALL, call, GREETING } from "../../../../../../tests/support/scorecard-calls.ts";
import { agentInterrupted, calleeInterrupted } from "./interruptions.ts";

test("a call with turns taken in order passes both ways", () => {
  const s = call(BOOKED_CALL);
  assert.deepEqual([agentInterrupted(s).result, agentInterrupted(s).value], ["pass", 0]);
  assert.deepEqual([calleeInterrupted(s).result, calleeInterrupted(s).value], ["pass", 0]);
});

test("the agent starting 1 s before the lead finished fails, at that line", () => {
  const s = call([
    ["agent", GREETING, 0.5, 6],
    ["callee", "well we already use another system for our bookings and", 7, 11],
    ["agent", "I understand. Would a short demo still help?", 10, 13],
  ]);
  const c = agentInterrupted(s);
  assert.equal(c.result, "fail");
  assert.deepEqual(c.line, { index: 2, at_ms: 10000 });
});

test("a touch of overlap (150 ms) is not talking over anyone", () => {
  const s = call([
    ["agent", GREETING, 0.5, 6],
    ["callee", "sure go ahead", 7, 8.15],
    ["agent", "Great, thank you.", 8, 9],
  ]);
  assert.equal(agentInterrupted(s).result, "pass");
});

test("the lead cutting the agent off three times fails; once passes", () => {
  const cutOff: Array<["agent", string, number, number, true] | ["callee", string, number, number]> = [
    ["agent", "Hi Dana, this is Maya, an AI", 0.5, 2, true],
    ["callee", "who is this", 1.8, 2.6],
    ["agent", "I'm Maya, an AI assistant calling for Bright", 3.5, 6, true],
    ["callee", "what do you want", 5.8, 6.8],
    ["agent", "We help practices", 7.5, 8.5, true],
    ["callee", "not interested", 8.3, 9],
  ];
  const c = calleeInterrupted(call(cutOff));
  assert.equal(c.result, "fail");
  assert.equal(c.value, 3);
  assert.equal(c.line?.index, 0);
  assert.equal(calleeInterrupted(call(cutOff.slice(0, 2))).result, "pass");
});

test("interruptions do not apply when nobody answered", () => {
  const s = call([["agent", GREETING, 0.5, 6]], { outcome: "voicemail" });
  assert.equal(agentInterrupted(s).result, "na");
  assert.equal(calleeInterrupted(s).result, "na");
});
