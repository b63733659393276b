import assert from "node:assert/strict";
import { test } from "node:test";
import { OUT_OF_MINUTES_REASON } from "@parley/shared/calls";
import { dialerActivity, type ActivityInput } from "./dialer-activity.ts";

// 03:22 UTC = 13:22 in Sydney, 22:22 the day before in Bogota (+57).
const now = new Date("2026-12-01T03:22:00Z");
const input = (over: Partial<ActivityInput> = {}): ActivityInput => ({
  campaign: {
    status: "active",
    statusReason: null,
    timezone: "UTC",
    businessHoursStart: "00:00",
    businessHoursEnd: "00:00",
    startAt: null,
    endAt: null,
  },
  counts: { contacts: 5, pending: 5, in_progress: 0, done: 0 },
  org: { maxConcurrentCalls: 10, minutesBalance: 100, callsOnLine: 0 },
  waiting: [{ dueAt: now, phone: "+573001000001" }],
  ...over,
});

test("contacts whose local hours are closed: when they open, on their clock, and the instant to count down to", () => {
  const a = dialerActivity(input(), now);
  assert.equal(a.state, "waiting_calling_hours");
  assert.equal(a.message, "Waiting for calling hours: first contacts open at 8:00 AM their time");
  assert.equal(a.contact_zone, "America/Bogota");
  assert.equal(a.next_at, "2026-12-01T13:00:00.000Z");
});

test("the earliest of the waiting contacts decides: a Sydney number can be rung at once", () => {
  const a = dialerActivity(
    input({
      waiting: [
        { dueAt: now, phone: "+573001000001" },
        { dueAt: now, phone: "+61491570006" },
      ],
    }),
    now,
  );
  assert.equal(a.state, "starting");
});

test("calls on the line, minutes, limits and the campaign's state each say so", () => {
  assert.equal(
    dialerActivity(input({ counts: { contacts: 5, pending: 3, in_progress: 2, done: 0 } }), now).message,
    "Calling 2 of 5; 3 waiting",
  );
  assert.equal(
    dialerActivity(input({ org: { maxConcurrentCalls: 10, minutesBalance: 0, callsOnLine: 0 } }), now).state,
    "no_minutes",
  );
  const sydney = [{ dueAt: now, phone: "+61491570006" }];
  assert.equal(
    dialerActivity(input({ waiting: sydney, org: { maxConcurrentCalls: 2, minutesBalance: 9, callsOnLine: 2 } }), now)
      .state,
    "at_limit",
  );
  const paused = input();
  paused.campaign = { ...paused.campaign, status: "paused", statusReason: OUT_OF_MINUTES_REASON };
  assert.match(dialerActivity(paused, now).message, /^Paused: minutes used up\./);
});

test("a retry due later is a retry, not calling hours; business hours bind when the contact's zone is unknown", () => {
  const later = new Date(now.getTime() + 3 * 3_600_000);
  const retry = dialerActivity(input({ waiting: [{ dueAt: later, phone: "+61491570006" }] }), now);
  assert.deepEqual([retry.state, retry.next_at], ["waiting_retry", later.toISOString()]);
  const hours = input({ waiting: [{ dueAt: now, phone: "+999" }] });
  hours.campaign = {
    ...hours.campaign,
    timezone: "Europe/Berlin",
    businessHoursStart: "09:00",
    businessHoursEnd: "17:00",
  };
  const b = dialerActivity(hours, now);
  assert.equal(b.message, "Waiting for business hours: calls start at 9:00 AM Europe/Berlin time.");
});

test("calls held back for capacity say so, with the calls on the line and those waiting; not once none wait", () => {
  const held = "At capacity: 4 calls on 2 cores; the next call waits for a free share of the CPU.";
  const a = dialerActivity(
    input({ counts: { contacts: 8, pending: 4, in_progress: 4, done: 0 }, heldForCapacity: held }),
    now,
  );
  assert.equal(a.state, "at_capacity");
  assert.equal(
    a.message,
    `${held} Calling 4 of 8; 4 waiting. Held calls are placed as soon as a call ends or the server has room.`,
  );
  const drained = input({ counts: { contacts: 8, pending: 0, in_progress: 4, done: 4 }, heldForCapacity: held });
  assert.equal(dialerActivity(drained, now).state, "calling");
});
