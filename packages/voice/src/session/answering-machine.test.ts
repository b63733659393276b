import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";
import type { TranscriptTurn } from "../brain/brain.ts";
import { createAnsweringMachine } from "./answering-machine.ts";

beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
afterEach(() => mock.timers.reset());

function setup(atMs = 3000) {
  const log: string[] = [];
  const m = createAnsweringMachine({
    now: () => atMs, machineGreetingMs: 2800,
    onDetected: () => void log.push("detected"),
    message: () => "Sorry I missed you. ",
    speakThenHangUp: (text) => void log.push(`say ${text}`),
  });
  return { m, log };
}

test("a long opening monologue is a machine: the message is left at the beep, once", () => {
  const { m, log } = setup();
  m.longGreeting();
  m.longGreeting();
  assert.equal(m.state(), "listening");
  m.beep();
  m.beep();
  assert.deepEqual(log, ["detected", "say Sorry I missed you. "]);
  const turn = (interrupted?: boolean): TranscriptTurn => ({ speaker: "agent", text: "Sorry I missed you.", startMs: 0, endMs: 1, ...(interrupted ? { interrupted } : {}) });
  assert.equal(m.messageLeft([turn(true)]), false, "cut off by a hang-up");
  assert.equal(m.messageLeft([turn()]), true);
});

test("no beep: the message is left once the greeting has been quiet 2.5 s", () => {
  const { m, log } = setup();
  m.carrierSaysMachine();
  m.heardGreeting(); // the greeting went on
  mock.timers.tick(2400);
  m.heardGreeting();
  mock.timers.tick(2400);
  assert.equal(m.state(), "listening");
  mock.timers.tick(100);
  assert.equal(m.state(), "leaving");
  assert.equal(log.length, 2);
});

test("a person is never taken for a machine, nor a long talker later in the call", () => {
  const person = setup();
  person.m.markHuman();
  person.m.longGreeting();
  assert.equal(person.m.active(), false);
  const later = setup(9000);
  later.m.longGreeting();
  assert.equal(later.m.active(), false);
  const silent = setup();
  silent.m.carrierSaysMachine();
  mock.timers.tick(20_000);
  assert.equal(silent.m.state(), "leaving", "a greeting with no beep and no quiet still gets the message after 20 s");
});
