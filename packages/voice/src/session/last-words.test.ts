import assert from "node:assert/strict";
import { test } from "node:test";
import { waitForLastWords } from "./last-words.ts";

const after = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("the last words are waited for past the stall time while the recogniser makes progress", async () => {
  let done = 0;
  const timer = setInterval(() => done++, 50);
  const words = after(700).then(() => "no thanks");
  const progress = () => ({ backlogMs: 1000, done, cheapUtterances: 0 });
  const kept = await waitForLastWords([words], progress, { stallMs: 300 });
  clearInterval(timer);
  assert.equal(kept, true, "700 ms > the 300 ms stall time, but the recogniser kept working");
});

test("a stuck recogniser is given up on after the stall time; one that moves, at its backlog's bound", async () => {
  const never = new Promise(() => {});
  const stuck = () => ({ backlogMs: 60_000, done: 7, cheapUtterances: 0 });
  let t = performance.now();
  assert.equal(await waitForLastWords([never], stuck, { stallMs: 300 }), false);
  assert.ok(performance.now() - t < 2000, "gave up soon after nothing moved for 300 ms");
  let done = 0;
  const busy = () => ({ backlogMs: 200, done: done++, cheapUtterances: 0 });
  t = performance.now();
  assert.equal(await waitForLastWords([never], busy, { stallMs: 300 }), false);
  const waited = performance.now() - t;
  assert.ok(waited >= 650 && waited < 3000, `bounded by 300 ms + 2 × the 200 ms backlog (${Math.round(waited)} ms)`);
});
