import assert from "node:assert/strict";
import { test } from "node:test";
import type { CallLeg } from "../telephony/call-leg.ts";
import { createCallEnding } from "./call-ending.ts";
import { createSessionBus } from "./session-bus.ts";

function leg() {
  let hangups = 0;
  const l: CallLeg = {
    sampleRate: 16_000,
    on: () => {},
    send: () => {},
    clear: () => {},
    hangup: () => void hangups++,
  };
  return { l, hangups: () => hangups };
}

function ending(l: CallLeg) {
  const bus = createSessionBus();
  const state = { ended: false };
  const e = createCallEnding(l, state, bus);
  return {
    e,
    state,
    agentFinished: () => bus.emit({ type: "agent-turn-finished" }),
    interrupted: () => bus.emit({ type: "agent-interrupted" }),
  };
}

test("a goodbye hangs up once the agent has finished speaking, not before", async () => {
  const { l, hangups } = leg();
  const { e, agentFinished } = ending(l);
  e.hangUpAfterSpeech();
  assert.equal(hangups(), 0);
  agentFinished();
  assert.equal(hangups(), 1);
  assert.equal(await e.reason, "completed");
});

test("an interrupted goodbye keeps the call open; the first end reason wins; no hang-up after the end", async () => {
  const { l, hangups } = leg();
  const { e, agentFinished, interrupted } = ending(l);
  e.hangUpAfterSpeech();
  interrupted();
  agentFinished();
  assert.equal(hangups(), 0);
  e.legEnded("completed");
  e.hangup("cancelled");
  assert.equal(await e.reason, "completed");
  e.markEnded();
  e.hangup("cancelled");
  assert.equal(hangups(), 1, "the cancel before markEnded still reached the carrier, none after");
});
