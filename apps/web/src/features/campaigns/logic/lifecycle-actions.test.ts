/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { lifecycleActions, pauseOrResume } from "./lifecycle-actions.ts";

test("buttons offered per status", () => {
  assert.deepEqual(lifecycleActions("draft"), ["launch"]);
  assert.deepEqual(lifecycleActions("scheduled"), ["pause", "stop"]);
  assert.deepEqual(lifecycleActions("active"), ["pause", "stop"]);
  assert.deepEqual(lifecycleActions("in_progress"), ["pause", "stop"]);
  assert.deepEqual(lifecycleActions("Paused"), ["resume", "stop"]);
  assert.deepEqual(lifecycleActions("completed"), []);
  assert.deepEqual(lifecycleActions("stopped"), []);
  assert.deepEqual(lifecycleActions(undefined), []);
});

test("a list row offers pause while running or scheduled, resume while paused, neither otherwise", () => {
  assert.equal(pauseOrResume("active"), "pause");
  assert.equal(pauseOrResume("scheduled"), "pause");
  assert.equal(pauseOrResume("IN_PROGRESS"), "pause");
  assert.equal(pauseOrResume("paused"), "resume");
  for (const s of ["draft", "stopped", "completed", "failed", "", null, undefined])
    assert.equal(pauseOrResume(s), null, String(s));
});
