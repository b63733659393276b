import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeWav } from "../audio/wav.ts";
import { createToneTts, echoBrain } from "../providers/instant-providers.ts";
import { createScriptedStt, testContext } from "../../../../tests/support/voice/test-providers.ts";
import { createSimulatedTelephony } from "../telephony/simulated/simulated-telephony.ts";
import { runCallSession } from "./call-session.ts";
import type { SessionOptions } from "./session-types.ts";

const noTools = {
  bookMeeting: async () => ({ booked: false as const, reason: "test", alternatives: [] }),
  scheduleCallback: async () => {},
  markDoNotCall: async () => {},
  retrieve: async () => [],
};

/** One whole call on the simulated carrier with instant tone providers (real time, real frames). */
async function call(persona: string, heard: string[], extra: Partial<SessionOptions> = {}) {
  const telephony = createSimulatedTelephony({ tts: createToneTts(200), ringMs: 100, noAnswerMs: 300 });
  const controller = new AbortController();
  const leg = await telephony.dial({ to: "+14155550100", callId: "c1", persona, signal: controller.signal });
  return runCallSession({
    leg,
    stt: createScriptedStt(heard),
    tts: createToneTts(300),
    voiceId: "tone",
    brain: echoBrain,
    context: testContext(),
    tools: noTools,
    vocabulary: [],
    ...extra,
  });
}

describe("call session on the simulated carrier", () => {
  test("greets on answer, takes turns, ends when the brain ends the call", async () => {
    const r = await call("say:Hello there;say:ok bye", ["hello there", "ok bye"]);
    assert.equal(r.answered, true);
    assert.deepEqual(
      r.transcript.map((t) => `${t.speaker}: ${t.text}`),
      ["agent: Hi Ana, this is an AI assistant calling for Acme.", "callee: hello there", "agent: You said hello there. Anything else?", "callee: ok bye", "agent: Goodbye."],
    );
    assert.equal(r.outcome, "interested");
    assert.ok(r.latency[0]!.firstFrameSent < 300, `greeting after ${r.latency[0]!.firstFrameSent} ms`);
    const wav = decodeWav(r.recording!);
    assert.equal(wav.channels, 2);
    assert.ok(Math.abs(wav.samples.length / 2 / 16 - r.durationSecs * 1000) < 1500, "recording lasts as long as the call");
    for (const m of r.latency) assert.ok(m.endOfSpeech <= m.sttFinal && m.sttFinal <= m.firstFrameSent, JSON.stringify(m));
  });

  test("barge-in stops the agent at once and keeps only what was heard", async () => {
    const r = await call("barge:Wait wait stop please;say:ok bye", ["wait stop please", "ok bye"]);
    const greeting = r.transcript[0]!;
    assert.equal(greeting.speaker, "agent");
    assert.equal(greeting.interrupted, true);
    assert.ok(greeting.text.length < "Hi Ana, this is an AI assistant calling for Acme.".length);
    assert.equal(r.transcript[1]!.text, "wait stop please");
  });

  test("a backchannel over the agent does not interrupt it", async () => {
    const r = await call("barge:yeah yeah;say:ok bye", ["yeah", "ok bye"]);
    assert.equal(r.transcript[0]!.text, "Hi Ana, this is an AI assistant calling for Acme.");
    assert.equal(r.transcript[0]!.interrupted, undefined);
    assert.equal(r.transcript[1]!.text, "ok bye");
  });

  test("voicemail: waits for the beep, leaves a message, outcome voicemail", async () => {
    const r = await call("voicemail", []);
    assert.equal(r.outcome, "voicemail");
    assert.equal(r.transcript.at(-1)!.text, "Sorry I missed you. I will call back later.");
  });

  test("silence: checks in, then says goodbye and hangs up", async () => {
    const r = await call("wait:30", [], { turnTaking: { checkInAfterMs: 800 } });
    assert.deepEqual(r.transcript.slice(1).map((t) => t.text), ["Are you still there?", "I will let you go. Goodbye."]);
    assert.equal(r.outcome, "no_answer");
  });

  test("busy and no answer never connect", async () => {
    assert.equal((await call("busy", [])).outcome, "busy");
    const r = await call("no_answer", []);
    assert.equal(r.outcome, "no_answer");
    assert.equal(r.recording, null);
  });
});
