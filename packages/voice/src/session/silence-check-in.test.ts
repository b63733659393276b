import assert from "node:assert/strict";
import { test } from "node:test";
import { createCallState } from "./call-state.ts";
import { createSessionBus } from "./session-bus.ts";
import { createSilenceCheckIns } from "./silence-check-in.ts";

function setup() {
  let clock = 0;
  const said: Array<[string, boolean]> = [];
  let hangUp = false;
  const bus = createSessionBus();
  const state = { ...createCallState(), answeredAt: new Date(), now: () => clock };
  const c = createSilenceCheckIns({
    state,
    checkInAfterMs: 7000,
    brain: { onSilence: (n) => `check-in ${n}` },
    speaker: { say: (text) => void said.push([text, hangUp]) },
    ending: {
      hangUpAfterSpeech: () => {
        hangUp = true;
      },
    },
    bus,
  });
  const at = (ms: number) => {
    clock = ms;
  };
  return { c, bus, said, state, at };
}

test("checks in after the silence, then says goodbye and hangs up at the second check-in", () => {
  const s = setup();
  s.at(6900);
  s.c.tick();
  assert.deepEqual(s.said, []);
  s.at(7000);
  s.c.tick();
  s.bus.emit({ type: "agent-turn-finished" }); // the check-in was spoken
  s.at(14_000);
  s.c.tick();
  assert.deepEqual(s.said, [
    ["check-in 1", false],
    ["check-in 2", true],
  ]);
});

test("a reply starts the count again; nothing is said while someone holds the floor", () => {
  const s = setup();
  s.at(7000);
  s.c.tick();
  s.bus.emit({ type: "turn", turn: { speaker: "callee", text: "sorry?", startMs: 7100, endMs: 7200 } });
  s.state.agent = "speaking";
  s.at(30_000);
  s.c.tick();
  s.state.agent = "silent";
  s.state.recognizing = 1;
  s.c.tick();
  s.state.recognizing = 0;
  s.c.tick();
  assert.deepEqual(s.said, [
    ["check-in 1", false],
    ["check-in 1", false],
  ]);
});
