import { test } from "node:test";
import assert from "node:assert/strict";
import { transition, type LifecycleAction } from "./campaign-lifecycle.ts";
import type { CampaignStatus } from "@parley/shared/campaigns";

const now = new Date("2026-03-01T10:00:00Z");
const future = new Date("2026-03-02T10:00:00Z");
const past = new Date("2026-02-01T10:00:00Z");
const c = (status: CampaignStatus, o: { start?: Date | null; end?: Date | null } = {}) => ({
  status,
  start_immediately: o.start === undefined,
  start_at: o.start ?? null,
  end_at: o.end ?? null,
});
const to = (action: LifecycleAction, x: ReturnType<typeof c>) => {
  const r = transition(action, x, now);
  return r.ok ? r.status : `409: ${r.message}`;
};

test("launch: draft → active now, or scheduled when the start is in the future", () => {
  assert.equal(to("launch", c("draft")), "active");
  assert.equal(to("launch", c("draft", { start: past, end: future })), "active");
  assert.equal(to("launch", c("draft", { start: future, end: new Date("2026-04-01") })), "scheduled");
  assert.match(to("launch", c("draft", { start: past, end: past })), /end date has already passed/);
  for (const s of ["scheduled", "active", "paused", "stopped", "completed", "failed"] as const) {
    assert.equal(to("launch", c(s)), `409: Only a draft campaign can be launched; this one is ${s}.`);
  }
});

test("pause, resume and stop", () => {
  assert.equal(to("pause", c("active")), "paused");
  assert.equal(to("pause", c("scheduled")), "paused");
  assert.match(to("pause", c("draft")), /^409: Only an active or scheduled campaign can be paused; this one is draft/);
  assert.equal(to("resume", c("paused")), "active");
  assert.equal(to("resume", c("paused", { start: future, end: new Date("2026-04-01") })), "scheduled");
  assert.match(to("resume", c("active")), /^409: Only a paused campaign can be resumed/);
  for (const s of ["scheduled", "active", "paused"] as const) assert.equal(to("stop", c(s)), "stopped");
  assert.match(to("stop", c("draft")), /nothing to stop/);
  assert.match(to("stop", c("stopped")), /already stopped/);
  assert.match(to("stop", c("completed")), /already completed/);
});
