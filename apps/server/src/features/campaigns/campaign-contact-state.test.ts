import assert from "node:assert/strict";
import { test } from "node:test";
import { contactCallState, likelyContactZone, type LatestAttempt } from "./campaign-contact-state.ts";

const now = new Date("2030-03-05T10:00:00Z");
const later = new Date("2030-03-05T14:40:00Z");
const active = { status: "active" as const, start_at: null };
const INDIA = "+919876543210";
const attempt = (a: Partial<LatestAttempt>): LatestAttempt => ({
  status: "pending",
  attempt_number: 1,
  due_at: now,
  outcome: null,
  previous_outcome: null,
  ...a,
});

test("a contact with no attempt has not started; one on the line is calling; a closed one is done", () => {
  assert.deepEqual(contactCallState(null, { status: "draft", start_at: null }, INDIA, now), {
    state: "not_started",
    reason: null,
    due_at: null,
    attempts_made: 0,
    last_outcome: null,
    contact_timezone: "Asia/Kolkata",
  });
  const calling = contactCallState(
    attempt({ status: "in_progress", attempt_number: 2, previous_outcome: "busy" }),
    active,
    INDIA,
    now,
  );
  assert.deepEqual([calling.state, calling.attempts_made, calling.last_outcome], ["calling", 1, "busy"]);
  const done = contactCallState(
    attempt({ status: "done", attempt_number: 3, outcome: "interested" }),
    active,
    INDIA,
    now,
  );
  assert.deepEqual([done.state, done.attempts_made, done.last_outcome, done.due_at], ["done", 3, "interested", null]);
  assert.equal(contactCallState(attempt({ status: "cancelled" }), active, INDIA, now).last_outcome, "cancelled");
});

test("pending after nobody answered is a retry; after a conversation it is the callback the callee asked for", () => {
  const retry = contactCallState(
    attempt({ attempt_number: 2, due_at: later, previous_outcome: "no_answer" }),
    active,
    INDIA,
    now,
  );
  assert.deepEqual(
    [retry.state, retry.reason, retry.due_at, retry.attempts_made, retry.last_outcome],
    ["pending", "retry", later.toISOString(), 1, "no_answer"],
  );
  const callback = contactCallState(
    attempt({ attempt_number: 2, due_at: later, previous_outcome: "follow_up" }),
    active,
    INDIA,
    now,
  );
  assert.equal(callback.reason, "callback");
});

test("a first attempt due later waits for calling hours; one due now is queued", () => {
  assert.equal(contactCallState(attempt({ due_at: later }), active, INDIA, now).reason, "calling_hours");
  assert.equal(contactCallState(attempt({ due_at: now }), active, INDIA, now).reason, "queued");
  assert.equal(
    contactCallState(attempt({ attempt_number: 2, due_at: now, previous_outcome: "busy" }), active, INDIA, now).reason,
    "queued",
  );
});

test("a paused campaign's contacts wait for it; a scheduled one's wait for its start", () => {
  const paused = contactCallState(attempt({ due_at: later }), { status: "paused", start_at: null }, INDIA, now);
  assert.deepEqual([paused.reason, paused.due_at], ["paused", null]);
  const start = new Date("2030-03-07T03:30:00Z");
  const scheduled = contactCallState(attempt({ due_at: now }), { status: "scheduled", start_at: start }, INDIA, now);
  assert.deepEqual([scheduled.reason, scheduled.due_at], ["campaign_start", start.toISOString()]);
});

test("the callee's zone: the country's only zone, or the zone whose 08:00 the attempt is due at", () => {
  assert.equal(likelyContactZone("+971501234567", null), "Asia/Dubai");
  // 08:00 in Chicago (CST, UTC-6) on 5 March.
  assert.equal(likelyContactZone("+13125550123", new Date("2030-03-05T14:00:00Z")), "America/Chicago");
  assert.equal(likelyContactZone("12", null), null);
});
