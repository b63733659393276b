import assert from "node:assert/strict";
import { test } from "node:test";
import { afterFailure, failureDelayMs, lockedForMs, lockedMessage, WINDOW_MS } from "./login-throttle.ts";

const t0 = new Date("2026-01-01T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

test("failures under the limit count up without locking", () => {
  let row = afterFailure(undefined, "account:a", 3, t0);
  row = afterFailure(row, "account:a", 3, at(1000));
  assert.equal(row.failures, 2);
  assert.equal(row.locked_until, null);
});

test("reaching the limit locks for a minute, each further failure doubles it up to 15 minutes", () => {
  let row = afterFailure(undefined, "k", 2, t0);
  row = afterFailure(row, "k", 2, t0);
  assert.equal(row.locked_until!.getTime() - t0.getTime(), 60_000);
  row = afterFailure(row, "k", 2, t0);
  assert.equal(row.locked_until!.getTime() - t0.getTime(), 120_000);
  for (let i = 0; i < 10; i++) row = afterFailure(row, "k", 2, t0);
  assert.equal(row.locked_until!.getTime() - t0.getTime(), 15 * 60_000);
});

test("a failure after the window starts a fresh count", () => {
  const old = afterFailure(afterFailure(undefined, "k", 5, t0), "k", 5, t0);
  const fresh = afterFailure(old, "k", 5, at(WINDOW_MS + 1));
  assert.equal(fresh.failures, 1);
  assert.deepEqual(fresh.window_started_at, at(WINDOW_MS + 1));
});

test("the longest lock among keys wins; expired locks do not count", () => {
  const rows = [
    { key: "a", failures: 5, window_started_at: t0, locked_until: at(30_000) },
    { key: "b", failures: 20, window_started_at: t0, locked_until: at(90_000) },
  ];
  assert.equal(lockedForMs(rows, t0), 90_000);
  assert.ok(lockedForMs(rows, at(100_000)) <= 0);
});

test("messages round up to whole minutes and the delay is capped", () => {
  assert.equal(lockedMessage(61_000), "Too many failed sign-in attempts. Please wait 2 minutes and try again.");
  assert.equal(lockedMessage(1_000), "Too many failed sign-in attempts. Please wait 1 minute and try again.");
  assert.equal(failureDelayMs(100), 1500);
});
