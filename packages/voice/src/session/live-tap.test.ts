import assert from "node:assert/strict";
import { test } from "node:test";
import { createToneTts, echoBrain } from "../providers/instant-providers.ts";
import { createScriptedStt, testContext } from "../../../../tests/support/voice/test-providers.ts";
import { createSimulatedTelephony } from "../telephony/simulated/simulated-telephony.ts";
import { runCallSession } from "./call-session.ts";
import type { CallSide, LiveControls, LiveTap } from "./live-tap.ts";

const noTools = {
  bookMeeting: async () => ({ booked: false as const, reason: "test", alternatives: [] }),
  scheduleCallback: async () => {},
  markDoNotCall: async () => {},
  retrieve: async () => [],
};

const tone = (rate: number) =>
  Int16Array.from({ length: rate / 50 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A person's voice from the browser: `ms` of 20 ms frames, in real time. */
async function speak(c: LiveControls, rate: number, ms: number) {
  for (let t = 0; t < ms; t += 20) {
    c.staffFrame(tone(rate));
    await sleep(20);
  }
}

test("a person takes over: the agent neither speaks nor hears until handed back; the tap hears both", async () => {
  const telephony = createSimulatedTelephony({ tts: createToneTts(200), ringMs: 100, noAnswerMs: 300 });
  const leg = await telephony.dial({
    to: "+14155550100",
    callId: "c1",
    persona: "say:Hello there;say:ok bye",
    signal: new AbortController().signal,
  });
  const frames: Record<CallSide, number> = { agent: 0, callee: 0 };
  let held = { agent: 0, callee: 0 };
  let controls: LiveControls | null = null;
  let takenOver = false;
  let once = true;
  const tap: LiveTap = {
    attach(c) {
      controls = c;
    },
    frame(side) {
      frames[side]++;
      if (takenOver) held = { ...held, [side]: held[side] + 1 };
      if (side === "agent" && once) {
        once = false;
        takenOver = true;
        controls!.takeOver();
        void (async () => {
          await speak(controls!, leg.sampleRate, 400); // the person says hello; the callee answers it
          await sleep(2000);
          await speak(controls!, leg.sampleRate, 300);
          takenOver = false;
          controls!.handBack();
        })();
      }
    },
  };
  const r = await runCallSession({
    leg,
    stt: createScriptedStt(["ok bye"]),
    tts: createToneTts(300),
    voiceId: "tone",
    brain: echoBrain,
    context: testContext(),
    tools: noTools,
    vocabulary: [],
    live: tap,
  });

  // The greeting stopped at its first frame (no word of it was heard, so no turn), and the callee's answer
  // to the person ("Hello there") was not the agent's to hear: only what came after the hand-back is.
  assert.deepEqual(
    r.transcript.map((t) => `${t.speaker}: ${t.text}`),
    ["callee: ok bye", "agent: Goodbye."],
  );
  assert.ok(held.callee > 20, `the tap heard the callee while the person held the call (${held.callee} frames)`);
  assert.equal(held.agent, 0, "the agent sent nothing while held");
  assert.ok(frames.agent > held.agent, "and speaks again once handed back");
});
