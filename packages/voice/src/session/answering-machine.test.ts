import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";
import type { TranscriptTurn } from "../brain/brain.ts";
import { createAnsweringMachine } from "./answering-machine.ts";
import type { CallState } from "./call-state.ts";
import { createSessionBus } from "./session-bus.ts";

beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
afterEach(() => mock.timers.reset());

function setup(atMs = 3000) {
  const log: string[] = [];
  const bus = createSessionBus();
  bus.on("voicemail", () => void log.push("detected"));
  const state: Pick<CallState, "now" | "agent" | "voicemail"> = { now: () => atMs, agent: "silent", voicemail: "no" };
  const m = createAnsweringMachine({
    state,
    bus,
    machineGreetingMs: 2800,
    message: () => "Sorry I missed you. ",
    speaker: { say: (text) => void log.push(`say ${text}`), interrupt: () => void log.push("interrupt") },
    ending: { hangUpAfterSpeech: () => void log.push("hang up after") },
  });
  const signs = {
    longGreeting: () => bus.emit({ type: "long-greeting" }),
    beep: () => bus.emit({ type: "beep" }),
    heardGreeting: () => bus.emit({ type: "heard", text: "leave a message" }),
  };
  return { m, log, state, ...signs };
}

test("a long opening monologue is a machine: the message is left at the beep, once", () => {
  const { m, log, state, longGreeting, beep } = setup();
  longGreeting();
  longGreeting();
  assert.equal(state.voicemail, "listening");
  beep();
  beep();
  assert.deepEqual(log, ["detected", "hang up after", "say Sorry I missed you. "]);
  const turn = (interrupted?: boolean): TranscriptTurn => ({
    speaker: "agent",
    text: "Sorry I missed you.",
    startMs: 0,
    endMs: 1,
    ...(interrupted ? { interrupted } : {}),
  });
  assert.equal(m.messageLeft([turn(true)]), false, "cut off by a hang-up");
  assert.equal(m.messageLeft([turn()]), true);
});

test("no beep: the message is left once the greeting has been quiet 2.5 s", () => {
  const { m, log, state, heardGreeting } = setup();
  m.carrierSaysMachine();
  heardGreeting(); // the greeting went on
  mock.timers.tick(2400);
  heardGreeting();
  mock.timers.tick(2400);
  assert.equal(state.voicemail, "listening");
  mock.timers.tick(100);
  assert.equal(state.voicemail, "leaving");
  assert.equal(log.length, 3);
});

test("a person is never taken for a machine, nor a long talker later in the call", () => {
  const person = setup();
  person.heardGreeting(); // words before any sign of a machine: a person answering
  person.longGreeting();
  assert.equal(person.state.voicemail, "no");
  const carrier = setup();
  carrier.m.markHuman();
  carrier.longGreeting();
  assert.equal(carrier.state.voicemail, "no");
  const later = setup(9000);
  later.longGreeting();
  assert.equal(later.state.voicemail, "no");
  const silent = setup();
  silent.m.carrierSaysMachine();
  mock.timers.tick(20_000);
  assert.equal(
    silent.state.voicemail,
    "leaving",
    "a greeting with no beep and no quiet still gets the message after 20 s",
  );
});
