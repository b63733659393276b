import assert from "node:assert/strict";
import { test } from "node:test";
import { createDigestThrottle, digestRules, failureDelayMs, WINDOW_MS } from "./sip-digest-throttle.ts";

test("five failures lock the account from that address and the account briefly; the address after twenty", () => {
  let now = 0;
  const t = createDigestThrottle({ now: () => now });
  const here = digestRules("parley", "203.0.113.7");
  for (let i = 1; i <= 4; i++) assert.equal(t.failed(here).lockedMs, 0);
  const fifth = t.failed(here);
  assert.deepEqual(fifth, { failures: 5, lockedMs: 60_000 });
  // Another address, same account: only the account's short lock, which a second's wait lifts.
  const there = digestRules("parley", "198.51.100.9");
  assert.equal(t.lockedMs(there), 1_000);
  now += 1_000;
  assert.equal(t.lockedMs(there), 0);
  assert.equal(t.lockedMs(here), 59_000);
  // Past the lock, the next failure locks for twice as long.
  now += 59_000;
  assert.equal(t.failed(here).lockedMs, 120_000);
});

test("the address locks after twenty failures over any accounts; a right answer forgives the account only", () => {
  let now = 0;
  const t = createDigestThrottle({ now: () => now });
  for (let i = 0; i < 19; i++) t.failed(digestRules(`guess${i}`, "203.0.113.7"));
  assert.equal(t.lockedMs(digestRules("parley", "203.0.113.7")), 0);
  t.failed(digestRules("guess19", "203.0.113.7"));
  assert.equal(t.lockedMs(digestRules("parley", "203.0.113.7")), 60_000);

  const pbx = digestRules("parley", "192.0.2.5");
  for (let i = 0; i < 4; i++) t.failed(pbx);
  t.succeeded(pbx);
  assert.deepEqual(t.failed(pbx), { failures: 5, lockedMs: 0 }, "the account's typos forgotten, the address's kept");
  now += WINDOW_MS;
  assert.deepEqual(t.failed(pbx), { failures: 1, lockedMs: 0 }, "a new window");
});

test("each failure waits longer than the one before, up to a cap", () => {
  assert.ok(failureDelayMs(2) > failureDelayMs(1));
  assert.equal(failureDelayMs(100), 1500);
});
