import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeWav } from "../audio/wav.ts";
import { createToneTts, echoBrain } from "../providers/instant-providers.ts";
import { createScriptedStt, testContext } from "../../../../tests/support/voice/test-providers.ts";
import { createSimulatedTelephony } from "../telephony/simulated/simulated-telephony.ts";
import { runCallSession } from "./call-session.ts";
import type { SessionOptions } from "./session-types.ts";
import type { CallLeg, LegEvent } from "../telephony/call-leg.ts";
import type { Brain, BrainFactory } from "../brain/brain.ts";
import type { Expectation, HeardAnswer } from "../expectation/expectation.ts";

/** Asks a yes/no question, then for a time; ends on the second answer. Keeps the answers it was given. */
function askingBrain(heard: Array<HeardAnswer | undefined>): BrainFactory {
  return (_ctx, tools): Brain => {
    let expecting: Expectation = { kind: "yes-no" };
    return {
      name: "asking",
      greeting: () => "Hi Ana, do you have a minute?",
      async *reply(_text, _history, _signal, _confidence, answer) {
        heard.push(answer);
        if (heard.length > 1) {
          tools.endCall();
          yield "Goodbye.";
          return;
        }
        expecting = { kind: "time", timezone: "UTC" };
        yield "What day would suit you?";
      },
      expecting: () => expecting,
      onSilence: () => "Still there?",
      voicemailMessage: () => "Bye.",
      finish: async () => ({ outcome: "interested", summary: "", sentiment: "neutral", extracted: {} }),
    };
  };
}

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
      [
        "agent: Hi Ana, this is an AI assistant calling for Acme.",
        "callee: hello there",
        "agent: You said hello there. Anything else?",
        "callee: ok bye",
        "agent: Goodbye.",
      ],
    );
    assert.equal(r.outcome, "interested");
    assert.ok(r.latency[0]!.firstFrameSent < 300, `greeting after ${r.latency[0]!.firstFrameSent} ms`);
    const wav = decodeWav(r.recording!);
    assert.equal(wav.channels, 2);
    assert.ok(
      Math.abs(wav.samples.length / 2 / 16 - r.durationSecs * 1000) < 1500,
      "recording lasts as long as the call",
    );
    for (const m of r.latency)
      assert.ok(m.endOfSpeech <= m.sttFinal && m.sttFinal <= m.firstFrameSent, JSON.stringify(m));
  });

  test("the recogniser hears at the rate its stream asks for, whatever the line's", async () => {
    const wideband = createScriptedStt(["ok bye"]);
    const narrowband = createScriptedStt(["ok bye"], 8000);
    await call("say:ok bye", [], { stt: wideband });
    await call("say:ok bye", [], { stt: narrowband });
    const ratio = narrowband.heard[0]! / wideband.heard[0]!;
    assert.ok(
      Math.abs(ratio - 0.5) < 0.05,
      `the same utterance, 8 kHz against the 16 kHz line: ${narrowband.heard[0]} / ${wideband.heard[0]} samples`,
    );
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
    assert.deepEqual(
      r.transcript.slice(1).map((t) => t.text),
      ["Are you still there?", "I will let you go. Goodbye."],
    );
    assert.equal(r.outcome, "no_answer");
  });

  test("each turn's expectation reaches the recogniser, and each utterance's answer reaches the brain", async () => {
    const heard: Array<HeardAnswer | undefined> = [];
    // A words-only engine first (the answer is read from the words), then an answers decoder unsure of its answer.
    const stt = createScriptedStt([
      { text: "yeah", confidence: 0.9 },
      { text: "now", confidence: 0.3, answer: null, askAgain: true },
    ]);
    const r = await call("say:Yeah;say:Tuesday", [], { stt, brain: askingBrain(heard) });
    assert.deepEqual(
      stt.expected.map((e) => e.kind),
      ["yes-no", "time"],
    );
    assert.deepEqual(heard, [
      { answer: { kind: "yes-no", value: "yes" }, askAgain: false },
      { answer: null, askAgain: true },
    ]);
    assert.equal(r.transcript.at(-1)!.text, "Goodbye.");
  });

  test("busy and no answer never connect", async () => {
    assert.equal((await call("busy", [])).outcome, "busy");
    const r = await call("no_answer", []);
    assert.equal(r.outcome, "no_answer");
    assert.equal(r.recording, null);
  });
});

/** A line driven by the test: it answers, presses keys and hangs up when told; the agent's audio goes nowhere. */
function handLeg() {
  const listeners: Array<(e: LegEvent) => void> = [];
  const leg: CallLeg = {
    sampleRate: 16000,
    on: (l) => void listeners.push(l),
    send() {},
    clear() {},
    hangup: () => emit({ type: "ended", reason: "completed" }),
  };
  const emit = (e: LegEvent) => {
    for (const l of listeners) l(e);
  };
  return { leg, emit };
}

test("a key pressed during the greeting comes after the greeting's cut-off turn in the transcript", async () => {
  const heard: Array<HeardAnswer | undefined> = [];
  const { leg, emit } = handLeg();
  const session = runCallSession({
    leg,
    stt: createScriptedStt([]),
    tts: createToneTts(3000), // a greeting long enough to be cut off
    voiceId: "tone",
    brain: askingBrain(heard),
    context: testContext(),
    tools: noTools,
    vocabulary: [],
  });
  emit({ type: "answered" });
  await new Promise((r) => setTimeout(r, 600)); // the greeting is playing
  emit({ type: "dtmf", digit: "1" });
  await new Promise((r) => setTimeout(r, 300));
  emit({ type: "ended", reason: "completed" });
  const r = await session;
  assert.deepEqual(
    r.transcript.slice(0, 2).map((t) => t.speaker),
    ["agent", "callee"],
  );
  assert.equal(r.transcript[0]!.interrupted, true);
  assert.deepEqual(heard[0]?.answer, { kind: "yes-no", value: "yes" });
});

test("a simulated callee answers the agent's yes/no question with a key (press:2): taken as no", async () => {
  const heard: Array<HeardAnswer | undefined> = [];
  const r = await call("press:2", [], { brain: askingBrain(heard) });
  assert.deepEqual(heard[0]?.answer, { kind: "yes-no", value: "no" });
  assert.equal(r.transcript[1]?.speaker, "callee");
});
