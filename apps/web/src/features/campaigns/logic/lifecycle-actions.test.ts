/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { lifecycleActions } from "./lifecycle-actions.ts";

test("buttons offered per status", () => {
  assert.deepEqual(lifecycleActions("draft"), ["launch"]);
  assert.deepEqual(lifecycleActions("scheduled"), ["launch", "stop"]);
  assert.deepEqual(lifecycleActions("active"), ["pause", "stop"]);
  assert.deepEqual(lifecycleActions("in_progress"), ["pause", "stop"]);
  assert.deepEqual(lifecycleActions("Paused"), ["resume", "stop"]);
  assert.deepEqual(lifecycleActions("completed"), []);
  assert.deepEqual(lifecycleActions("stopped"), []);
  assert.deepEqual(lifecycleActions(undefined), []);
});
