import assert from "node:assert/strict";
import { test } from "node:test";
import { createSilenceCheckIns } from "./silence-check-in.ts";

function setup() {
  let clock = 0;
  let busy = false;
  const said: Array<[number, boolean]> = [];
  const c = createSilenceCheckIns({ now: () => clock, checkInAfterMs: 7000, busy: () => busy, checkIn: (n, last) => void said.push([n, last]) });
  return { c, said, at: (ms: number) => (clock = ms), busy: (b: boolean) => (busy = b) };
}

test("checks in after the silence, then says goodbye at the second check-in", () => {
  const s = setup();
  s.at(6900);
  s.c.tick();
  assert.deepEqual(s.said, []);
  s.at(7000);
  s.c.tick();
  s.c.activity(); // the check-in was spoken
  s.at(14_000);
  s.c.tick();
  assert.deepEqual(s.said, [[1, false], [2, true]]);
});

test("a reply starts the count again; nothing is said while someone holds the floor", () => {
  const s = setup();
  s.at(7000);
  s.c.tick();
  s.c.calleeReplied();
  s.busy(true);
  s.at(30_000);
  s.c.tick();
  s.busy(false);
  s.c.tick();
  assert.deepEqual(s.said, [[1, false], [1, false]]);
});
