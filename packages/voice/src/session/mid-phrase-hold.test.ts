import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";
import { createMidPhraseHold, type HeardWords } from "./mid-phrase-hold.ts";

beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
afterEach(() => mock.timers.reset());

function setup() {
  let clock = 1000;
  let speaking = false;
  const released: HeardWords[] = [];
  const hold = createMidPhraseHold({
    now: () => clock,
    waitMs: 900,
    calleeSpeaking: () => speaking,
    release: (w) => void released.push(w),
  });
  const advance = (ms: number) => {
    clock += ms;
    mock.timers.tick(ms);
  };
  return { hold, released, advance, speak: (s: boolean) => (speaking = s) };
}

const words = (text: string, startMs: number, endMs: number, confidence: number | null = 0.9): HeardWords => ({
  text,
  startMs,
  endMs,
  confidence,
});

test("words that stop mid-phrase wait for the rest, and the whole phrase is one turn", () => {
  const s = setup();
  assert.equal(s.hold.hold(words("I'd like to book it on", 0, 800)), true);
  s.speak(true); // "Tuesday" begins before the wait is over
  s.advance(800);
  assert.deepEqual(s.released, [], "the callee is talking again: nothing is answered yet");
  const turn = s.hold.join(words("Tuesday", 1900, 2400, 0.7));
  assert.deepEqual(turn, { text: "I'd like to book it on Tuesday", startMs: 0, endMs: 2400, confidence: 0.7 });
  assert.equal(s.hold.holding(), false);
  assert.equal(s.hold.hold(turn), false, "a whole phrase is answered at once");
});

test("nothing more comes: the words are answered as they are, the wait counted from their end", () => {
  const s = setup();
  s.hold.hold(words("my budget is um", 0, 900)); // 100 ms ago
  s.advance(700);
  assert.equal(s.released.length, 0);
  s.advance(100);
  assert.deepEqual(
    s.released.map((w) => w.text),
    ["my budget is um"],
  );
});

test("complete words are never held; the end of the call takes what is held", () => {
  const s = setup();
  assert.equal(s.hold.hold(words("Tuesday at three works", 0, 900)), false);
  s.hold.hold(words("and", 0, 900));
  assert.equal(s.hold.take()?.text, "and");
  s.advance(2000);
  assert.deepEqual(s.released, []);
});
