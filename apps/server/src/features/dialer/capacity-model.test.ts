import assert from "node:assert/strict";
import { test } from "node:test";
import {
  capacity,
  capacityMessage,
  DEFAULT_LIMITS,
  learnCost,
  type CallCost,
  type CapacitySample,
} from "./capacity-model.ts";

const quiet: CapacitySample = {
  cores: 2,
  liveCalls: 0,
  processCores: 0.05,
  hostLoad: 0.05,
  hostBusyCores: 0.05,
  loopDelayMs: 12,
  backlogMs: 0,
};
const cost: CallCost = { perCallCores: 0.25, idleCores: 0.05 };

test("a quiet 2-core host: (2 × 0.8 − idle) / 0.25 cores a call = 6 calls", () => {
  const c = capacity(cost, quiet);
  assert.deepEqual([c.calls, c.free, c.reason], [6, 6, null]);
});

test("a busy loop on one of two cores leaves room for fewer calls, and the hog counts however it is seen", () => {
  // The hog seen by /proc/stat at once, before the one-minute load average has caught up with it.
  const fast = capacity(cost, { ...quiet, hostBusyCores: 1.05 });
  // A minute-old burst still in the load average does not count once /proc/stat says the host is idle.
  assert.equal(capacity(cost, { ...quiet, hostLoad: 3 }).calls, 6);
  assert.equal(fast.calls, 2);
  assert.equal(Math.round(fast.otherCores * 100), 100);
  // Seen only by the run queue (no /proc/stat).
  assert.equal(capacity(cost, { ...quiet, hostLoad: 1.05, hostBusyCores: null }).calls, 2);
});

test("this process's own CPU is not counted as other load", () => {
  const mine = { ...quiet, liveCalls: 4, processCores: 1.05, hostLoad: 1.1, hostBusyCores: 1.1 };
  const c = capacity(cost, mine);
  assert.ok(c.otherCores < 0.1, String(c.otherCores));
  assert.deepEqual([c.calls, c.free, c.reason], [6, 2, null]);
});

test("at capacity the reason is given, and a host loaded by others still takes one call at a time", () => {
  const full = capacity(cost, { ...quiet, liveCalls: 2, processCores: 0.55, hostBusyCores: 1.6 });
  assert.deepEqual([full.calls, full.free, full.reason], [2, 0, "cpu"]);
  const swamped = capacity(cost, { ...quiet, hostLoad: 9, hostBusyCores: 2 });
  assert.deepEqual([swamped.calls, swamped.free], [1, 1]);
  assert.equal(capacity(cost, { ...quiet, liveCalls: 1, hostLoad: 9, hostBusyCores: null }).free, 0);
});

test("a recogniser behind, or a late event loop, takes no new call even with CPU to spare", () => {
  const behind = capacity(cost, { ...quiet, liveCalls: 2, processCores: 0.55, backlogMs: 2500 });
  assert.deepEqual([behind.calls, behind.free, behind.reason], [2, 0, "recognizer_backlog"]);
  const late = capacity(cost, { ...quiet, liveCalls: 3, processCores: 0.8, loopDelayMs: 300 });
  assert.deepEqual([late.free, late.reason], [0, "event_loop"]);
  // With nothing live there is nothing to protect: a stale reading does not stop the first call.
  assert.equal(capacity(cost, { ...quiet, backlogMs: 2500 }).free, 1 * 6);
});

test("a configured ceiling binds when the CPU would allow more", () => {
  const c = capacity(cost, { ...quiet, liveCalls: 3 }, { ...DEFAULT_LIMITS, maxCalls: 3 });
  assert.deepEqual([c.calls, c.free, c.reason], [3, 0, "max_calls"]);
});

test("what a call costs is learnt from live calls above the idle cost, and the idle cost with none live", () => {
  let learnt: CallCost = { perCallCores: 0.25, idleCores: 0.05 };
  // Four calls measured at 0.45 cores in all: 0.1 each above idle.
  for (let i = 0; i < 60; i++) learnt = learnCost(learnt, { ...quiet, liveCalls: 4, processCores: 0.45 });
  assert.equal(learnt.perCallCores.toFixed(2), "0.10");
  assert.equal(capacity(learnt, quiet).calls, 15);
  for (let i = 0; i < 60; i++) learnt = learnCost(learnt, { ...quiet, processCores: 0.2 });
  assert.equal(learnt.idleCores.toFixed(2), "0.20");
  // A reading below idle (a pause in everyone's speech) does not make a call free.
  const floor = learnCost({ perCallCores: 0.02, idleCores: 0.2 }, { ...quiet, liveCalls: 5, processCores: 0.1 }, 1);
  assert.equal(floor.perCallCores, 0.02);
});

test("the message says how many calls on how many cores, and why", () => {
  assert.equal(
    capacityMessage({ live: 4, cores: 2, reason: "cpu" }),
    "At capacity: 4 calls on 2 cores; the next call waits for a free share of the CPU.",
  );
  assert.match(capacityMessage({ live: 1, cores: 1, reason: "recognizer_backlog" }), /^At capacity: 1 call on 1 core;/);
});
