import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { TranscriptTurn } from "../brain/brain.ts";
import { createCallState } from "./call-state.ts";
import { createSessionBus } from "./session-bus.ts";
import type { CallLeg } from "../telephony/call-leg.ts";
import { createToneTts } from "../providers/instant-providers.ts";
import { createAgentSpeaker } from "./agent-speaker.ts";

/** A speaker on a leg that records what it was sent; the test is the pacer (no real time). */
function setup() {
  let clock = 0;
  const sent: Int16Array[] = [];
  let clears = 0;
  const leg: CallLeg = {
    sampleRate: 16_000,
    on: () => {},
    send: (f) => void sent.push(f),
    clear: () => void clears++,
    hangup: () => {},
  };
  const turns: TranscriptTurn[] = [];
  let finished = 0;
  const bus = createSessionBus();
  bus.on("agent-turn", (e) => void turns.push(e.turn));
  bus.on("agent-error", (e) => assert.fail(e.message));
  bus.on("agent-turn-finished", () => void finished++);
  const state = { ...createCallState(), now: () => clock };
  const speaker = createAgentSpeaker({ leg, tts: createToneTts(), voiceId: "tone", state, bus });
  /** Advances the clock one frame per tick, as the pacer does. */
  const play = (ticks: number) => {
    for (let i = 0; i < ticks; i++) {
      clock += 20;
      speaker.paced(0);
    }
  };
  return { speaker, state, sent, turns, play, finished: () => finished, clears: () => clears };
}

const settle = () => new Promise((r) => setImmediate(r));

describe("agent speaker", () => {
  test("a line is played frame by frame, then its turn is in the transcript with its latency mark", async () => {
    const s = setup();
    s.speaker.say("Are you still there?"); // 20 characters: a 1 s tone, 50 frames
    await settle();
    assert.equal(s.state.agent, "speaking");
    assert.equal(s.sent.length, 1, "the first frame leaves at once, not at the next tick");
    s.play(60);
    assert.equal(s.sent.length, 50);
    assert.equal(s.state.agent, "silent");
    assert.deepEqual(
      s.turns.map((t) => [t.text, t.interrupted]),
      [["Are you still there?", undefined]],
    );
    assert.equal(s.finished(), 1);
    const [mark] = s.speaker.latency;
    assert.equal(mark!.turn, 1);
    assert.ok(mark!.ttsFirstAudio <= mark!.firstFrameSent);
  });

  test("an interruption keeps only the words played, marks the turn interrupted and clears the carrier", async () => {
    const s = setup();
    void s.speaker.reply(
      async function* () {
        yield "one two three four five six seven eight nine ten"; // 49 chars: 2.45 s
      },
      { endOfSpeech: 0, sttFinal: 0 },
    );
    await settle();
    s.play(60); // about half of it
    s.speaker.pause();
    assert.equal(s.state.agent, "paused", "the floor shows the barge-in");
    assert.equal(s.clears(), 1, "barge-in drops what the carrier buffered");
    s.play(10);
    assert.equal(s.sent.length, 61, "nothing plays while paused");
    s.speaker.interrupt();
    const [turn] = s.turns;
    assert.equal(turn!.interrupted, true);
    assert.match(turn!.text, /^one two three four( five)?…$/);
    assert.equal(s.state.agent, "silent");
  });

  test("a backchannel resumes the paused turn where it stopped", async () => {
    const s = setup();
    s.speaker.say("Hello there");
    await settle();
    s.play(5);
    s.speaker.pause();
    s.speaker.resume();
    s.play(30);
    assert.deepEqual(
      s.turns.map((t) => [t.text, t.interrupted]),
      [["Hello there", undefined]],
    );
  });

  test("stop at the end of the call closes the open turn with what was heard", async () => {
    const s = setup();
    s.speaker.say("Sorry I missed you. I will call back later.");
    await settle();
    s.play(60); // about half of it
    s.speaker.stop();
    assert.equal(s.turns[0]!.interrupted, true);
    assert.equal(s.finished(), 1);
  });
});
