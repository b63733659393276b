import { test } from "node:test";
import assert from "node:assert/strict";
import { parseServerMessage, reduce, type TestCallState } from "./test-call-state.ts";

const idle: TestCallState = {
  status: "connecting",
  turns: [],
  agentSpeaking: false,
  micLevel: 0.5,
  error: null,
  outcome: null,
};

test("server messages are schema-checked; unknown or malformed ones are ignored", () => {
  assert.deepEqual(parseServerMessage('{"type":"ready","call_id":"c1","sample_rate":16000}'), {
    type: "ready",
    call_id: "c1",
    sample_rate: 16000,
  });
  assert.equal(parseServerMessage('{"type":"ready","call_id":"c1","sample_rate":8000}'), null);
  assert.equal(parseServerMessage('{"type":"dance"}'), null);
  assert.equal(parseServerMessage("not json"), null);
});

test("turns are shown in the order they began, not the order they arrived", () => {
  let s = reduce(idle, { type: "ready", call_id: "c1", sample_rate: 16000 });
  assert.equal(s.status, "live");
  s = reduce(s, { type: "transcript", turn: { speaker: "agent", text: "Hi Sam.", startMs: 0, endMs: 2000 } });
  s = reduce(s, {
    type: "transcript",
    turn: { speaker: "agent", text: "Are you still there?", startMs: 9000, endMs: 10000 },
  });
  // The callee spoke first, but recognition finished after the check-in.
  s = reduce(s, { type: "transcript", turn: { speaker: "callee", text: "tell me more", startMs: 6000, endMs: 7500 } });
  assert.deepEqual(
    s.turns.map((t) => t.text),
    ["Hi Sam.", "tell me more", "Are you still there?"],
  );
});

test("ended and error stop the meter and the speaking badge", () => {
  const speaking = reduce(idle, { type: "agent_speaking", speaking: true });
  assert.equal(speaking.agentSpeaking, true);
  const ended = reduce(speaking, { type: "ended", call_id: "c1", reason: "completed", outcome: "interested" });
  assert.deepEqual(
    [ended.status, ended.agentSpeaking, ended.micLevel, ended.outcome],
    ["ended", false, 0, "interested"],
  );
  const failed = reduce(speaking, { type: "error", message: "The test call failed on the server. Please try again." });
  assert.deepEqual([failed.status, failed.error], ["failed", "The test call failed on the server. Please try again."]);
  assert.equal(reduce(speaking, { type: "clear" }), speaking);
});
