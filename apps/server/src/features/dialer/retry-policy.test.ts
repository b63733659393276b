import assert from "node:assert/strict";
import { test } from "node:test";
import { decideRetry, shouldTripBreaker, type AttemptOutcome } from "./retry-policy.ts";

const ended = new Date("2026-03-02T10:00:00Z");
const rules = { maxAttempts: 4, timeGapSeconds: 7200, backoff: false };
const hoursLater = (d: { retry: boolean; notBefore?: Date }) =>
  d.retry && d.notBefore ? (d.notBefore.getTime() - ended.getTime()) / 3_600_000 : null;

test("no answer, busy, voicemail, failed and dropped retry after the time gap", () => {
  for (const o of ["no_answer", "busy", "voicemail", "failed", "dropped"] as AttemptOutcome[]) {
    assert.equal(hoursLater(decideRetry(o, 1, ended, rules)), 2, o);
  }
});

test("a conversation that reached an outcome is never retried", () => {
  for (const o of [
    "interested",
    "not_interested",
    "scheduled",
    "completed",
    "do_not_call",
    "follow_up",
    // the callee spoke, the overloaded server could not hear it: a person follows it up, never a redial
    "not_understood",
  ] as AttemptOutcome[]) {
    assert.deepEqual(decideRetry(o, 1, ended, rules), { retry: false }, o);
  }
});

test("attempts stop at max_attempts", () => {
  assert.equal(decideRetry("no_answer", 3, ended, rules).retry, true);
  assert.deepEqual(decideRetry("no_answer", 4, ended, rules), { retry: false });
});

test("back-off doubles the gap with each failed attempt: 2 h, 4 h, 8 h", () => {
  const r = { ...rules, backoff: true };
  assert.deepEqual(
    [1, 2, 3].map((n) => hoursLater(decideRetry("busy", n, ended, r))),
    [2, 4, 8],
  );
});

test("a requested callback is honoured at the asked time, within max_attempts", () => {
  const at = new Date("2026-03-03T04:30:00Z");
  assert.deepEqual(decideRetry("follow_up", 3, ended, rules, at), { retry: true, notBefore: at });
  assert.deepEqual(
    decideRetry("follow_up", 4, ended, rules, at),
    { retry: false },
    "the last attempt asked for a callback: no fifth call",
  );
});

test("the breaker trips when over half of the last 20 attempts failed at the carrier", () => {
  const mixed = (failed: number) =>
    [...Array(failed).fill("failed"), ...Array(20 - failed).fill("no_answer")] as AttemptOutcome[];
  assert.equal(shouldTripBreaker(mixed(11)), true);
  assert.equal(shouldTripBreaker(mixed(10)), false);
  assert.equal(shouldTripBreaker(mixed(11).slice(0, 15)), false, "too few attempts to judge");
});
