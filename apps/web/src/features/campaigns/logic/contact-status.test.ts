/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import type { ContactCallState } from "@parley/shared/campaigns";
import { contactStatus } from "./contact-status.ts";

// Tuesday 5 March 2030, 10:00 UTC.
const now = new Date("2030-03-05T10:00:00Z");
const pending = (s: Partial<ContactCallState>): ContactCallState => ({
  state: "pending",
  reason: "queued",
  due_at: null,
  attempts_made: 0,
  last_outcome: null,
  contact_timezone: null,
  do_not_call: false,
  ...s,
});
const status = (s: ContactCallState | undefined) => contactStatus(s, now, "UTC", "Asia/Kolkata");

test("a pending retry says when and why", () => {
  assert.deepEqual(
    status(pending({ reason: "retry", due_at: "2030-03-05T15:40:00Z", attempts_made: 1, last_outcome: "no_answer" })),
    {
      label: "Pending",
      detail: "Retry at 3:40 PM — no answer",
    },
  );
});

test("a callback is on the callee's clock, with its day, and says so", () => {
  const s = pending({
    reason: "callback",
    due_at: "2030-03-11T03:30:00Z",
    last_outcome: "follow_up",
    contact_timezone: "Asia/Kolkata",
  });
  assert.equal(status(s).detail, "Callback asked for Mon 9:00 AM local");
});

test("calling hours open on the callee's local clock, or the campaign's zone when the callee's is unknown", () => {
  // 04:00 in Chicago now: calling opens at 08:00 there today.
  const local = pending({
    reason: "calling_hours",
    due_at: "2030-03-05T14:00:00Z",
    contact_timezone: "America/Chicago",
  });
  assert.equal(status(local).detail, "Waiting for calling hours (opens 8:00 AM local)");
  // 15:30 in Kolkata now: tomorrow's opening carries its day.
  const unknown = pending({ reason: "calling_hours", due_at: "2030-03-06T02:30:00Z" });
  assert.equal(status(unknown).detail, "Waiting for calling hours (opens Wed 8:00 AM Asia/Kolkata)");
});

test("queued, paused and scheduled campaigns; calling, done and not started", () => {
  assert.equal(status(pending({})).detail, "Queued — calls shortly");
  assert.equal(status(pending({ attempts_made: 2 })).detail, "Queued — attempt 3 calls shortly");
  assert.equal(status(pending({ reason: "paused" })).detail, "Campaign paused — called once it resumes");
  assert.equal(
    status(pending({ reason: "campaign_start", due_at: "2030-03-07T09:00:00Z" })).detail,
    "Waiting for the campaign to start (Thu 9:00 AM)",
  );
  assert.deepEqual(status(pending({ state: "calling", reason: null, attempts_made: 1 })), {
    label: "On a call",
    detail: "Attempt 2",
  });
  assert.deepEqual(status(pending({ state: "done", reason: null, attempts_made: 4, last_outcome: "no_answer" })), {
    label: "Done",
    detail: "No answer after 4 attempts",
  });
  assert.deepEqual(status(pending({ state: "done", reason: null, attempts_made: 1, last_outcome: "interested" })), {
    label: "Done",
    detail: "Interested",
  });
  assert.deepEqual(status(undefined), { label: "Not started", detail: null });
});

test("a number on the do-not-call list reads so at once, not Pending; a finished call keeps its outcome", () => {
  assert.deepEqual(status(pending({ do_not_call: true, reason: "calling_hours" })), {
    label: "Do not call",
    detail: "On the do-not-call list: it is never called",
  });
  assert.equal(status(pending({ state: "not_started", do_not_call: true })).label, "Do not call");
  assert.equal(status(pending({ state: "done", last_outcome: "do_not_call", do_not_call: true })).label, "Done");
});
