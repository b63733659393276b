import assert from "node:assert/strict";
import { test } from "node:test";
import { tone } from "../audio/beep.ts";
import { createScriptedStt, testContext } from "../../../../tests/support/voice/test-providers.ts";
import { keepLateWords } from "./late-words.ts";
import { createSessionBus, type Utterance } from "./session-bus.ts";
import { createSessionTranscript } from "./session-transcript.ts";

const RATE = 16_000;

test("lost words are heard again from the recording, in place; a late opt-out is honoured", async () => {
  const transcript = createSessionTranscript(createSessionBus());
  transcript.push({ speaker: "agent", text: "Hi, do you have a minute?", startMs: 0, endMs: 2000 });
  transcript.push({ speaker: "agent", text: "Are you there?", startMs: 9000, endMs: 10_000 });
  const lost = [{ startMs: 3000, endMs: 4000, speechMs: 1000 } as Utterance];
  let optedOut = 0;
  let closed = false;
  const said = new Int16Array(RATE * 5);
  said.set(tone(RATE, 440, 1000), 3 * RATE); // the callee's words, 3 s after the answer
  const r = await keepLateWords({
    opts: {
      stt: createScriptedStt(["please stop calling me"]),
      context: testContext(),
      vocabulary: [],
      tools: {
        bookMeeting: async () => ({ booked: false, reason: "", alternatives: [] }),
        scheduleCallback: async () => {},
        markDoNotCall: async () => void optedOut++,
        retrieve: async () => [],
      },
    },
    listener: { end() {} },
    turns: { keepUnheard: async () => {}, lost: () => lost },
    stt: {
      sampleRate: RATE,
      write() {},
      flush: async () => ({ text: "", confidence: null }),
      close() {
        closed = true;
      },
    },
    transcript,
    recorder: {
      calleeAudio: (from, to) => said.slice((from * RATE) / 1000, (to * RATE) / 1000),
    },
    legRate: RATE,
  });
  assert.ok(closed, "the live stream is freed first");
  assert.deepEqual(r, { lost: 0, recovered: 1 });
  assert.deepEqual(
    transcript.turns.map((t) => `${t.speaker}: ${t.text}`),
    ["agent: Hi, do you have a minute?", "callee: please stop calling me", "agent: Are you there?"],
  );
  assert.equal(optedOut, 1, "heard only after the call, the opt-out still puts the number on the list");
});

test("a call back asked for in words heard only after the hang-up is scheduled, at the time it names", async () => {
  const transcript = createSessionTranscript(createSessionBus());
  transcript.push({ speaker: "agent", text: "Hi, do you have a minute?", startMs: 0, endMs: 2000 });
  const callbacks: Date[] = [];
  await keepLateWords({
    opts: {
      stt: createScriptedStt([]),
      context: testContext(),
      vocabulary: [],
      tools: {
        bookMeeting: async () => ({ booked: false, reason: "", alternatives: [] }),
        scheduleCallback: async (at) => void callbacks.push(at),
        markDoNotCall: async () => {},
        retrieve: async () => [],
      },
    },
    listener: { end() {} },
    // Recognised only once the callee had hung up (a busy machine): kept, never answered.
    turns: {
      keepUnheard: async () =>
        transcript.push({
          speaker: "callee",
          text: "i am busy right now can you call me tomorrow at ten am",
          startMs: 3000,
          endMs: 5000,
        }),
      lost: () => [],
    },
    stt: { sampleRate: RATE, write() {}, flush: async () => ({ text: "", confidence: null }), close() {} },
    transcript,
    recorder: { calleeAudio: () => new Int16Array(0) },
    legRate: RATE,
  });
  assert.equal(callbacks.length, 1);
  const ctx = testContext();
  const tomorrow = new Date(ctx.now().getTime() + 86_400_000);
  assert.ok(callbacks[0]!.getTime() > ctx.now().getTime() && callbacks[0]!.getTime() < tomorrow.getTime() + 86_400_000);
});
