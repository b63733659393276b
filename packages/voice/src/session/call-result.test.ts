import assert from "node:assert/strict";
import { test } from "node:test";
import type { TranscriptTurn } from "../brain/brain.ts";
import { echoBrain } from "../providers/instant-providers.ts";
import { testContext } from "../../../../tests/support/voice/test-providers.ts";
import { callResult, outcomeOf } from "./call-result.ts";

const noTools = {
  bookMeeting: async () => ({ booked: false as const, reason: "", alternatives: [] }),
  scheduleCallback: async () => {},
  markDoNotCall: async () => {},
  endCall: () => {},
  retrieve: async () => [],
};
const brain = echoBrain(testContext(), noTools);

test("outcome without the brain: the carrier's reason, voicemail, silence", () => {
  assert.equal(outcomeOf(false, "busy", false, false), "busy");
  assert.equal(outcomeOf(false, "no_answer", false, false), "no_answer");
  assert.equal(outcomeOf(false, "cancelled", false, false), "failed");
  assert.equal(outcomeOf(true, "completed", true, true, "interested"), "voicemail");
  assert.equal(outcomeOf(true, "completed", false, false), "no_answer");
  assert.equal(outcomeOf(true, "completed", false, true), "follow_up");
  assert.equal(outcomeOf(true, "completed", false, true, "scheduled"), "scheduled");
});

test("a call where a person spoke takes the brain's summary; a voicemail says if the message was left", async () => {
  const base = {
    endedAt: new Date(),
    endReason: "completed" as const,
    brain,
    latency: [],
    recording: { toWav: () => Buffer.from("wav") },
    sampleRate: 16_000,
    lateFrames: 0,
  };
  const spoken: TranscriptTurn[] = [
    { speaker: "agent", text: "Hi", startMs: 0, endMs: 500 },
    { speaker: "callee", text: "hello", startMs: 900, endMs: 1300 },
  ];
  const talk = await callResult({
    ...base,
    answeredAt: new Date(Date.now() - 3000),
    voicemail: false,
    messageLeft: false,
    transcript: spoken,
  });
  assert.equal(talk.outcome, "interested");
  assert.equal(talk.summary!.summary, "2 turns.");
  assert.equal(talk.durationSecs, 3);
  const vm = await callResult({ ...base, answeredAt: new Date(), voicemail: true, messageLeft: true, transcript: [] });
  assert.equal(vm.summary!.summary, "Reached voicemail; left the message.");
  const never = await callResult({
    ...base,
    answeredAt: null,
    endReason: "no_answer",
    voicemail: false,
    messageLeft: false,
    transcript: [],
  });
  assert.deepEqual([never.outcome, never.recording, never.durationSecs], ["no_answer", null, 0]);
});

test("a callee heard to speak while the recogniser fell behind is not understood, never 'nobody spoke'", async () => {
  assert.equal(outcomeOf(true, "completed", false, false, undefined, true), "not_understood");
  const hearing = { utterances: 1, lost: 1, recovered: 0, cheapUtterances: 0, maxBacklogMs: 9000, fellBehind: true };
  const base = {
    answeredAt: new Date(Date.now() - 20_000),
    endedAt: new Date(),
    endReason: "completed" as const,
    voicemail: false,
    messageLeft: false,
    transcript: [{ speaker: "agent" as const, text: "Hi, do you have a minute?", startMs: 0, endMs: 2000 }],
    brain,
    latency: [],
    recording: { toWav: () => Buffer.alloc(0) },
    sampleRate: 8000,
    lateFrames: 0,
  };
  const r = await callResult({ ...base, hearing });
  assert.equal(r.outcome, "not_understood");
  assert.match(r.summary!.summary, /^Not understood: the server was overloaded/);
  const quiet = await callResult({ ...base, hearing: { ...hearing, utterances: 0, lost: 0, fellBehind: false } });
  assert.equal(quiet.outcome, "no_answer", "nobody spoke at all: still a no-answer");
});
