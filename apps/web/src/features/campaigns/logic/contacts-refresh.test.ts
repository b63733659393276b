/// <reference types="node" />
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import type { CampaignProgress } from "@parley/shared/campaign-progress";
import { contactsStateKey } from "./contacts-refresh.ts";

const base: CampaignProgress = {
  status: "active",
  status_reason: null,
  contacts: 3,
  pending: 3,
  in_progress: 0,
  done: 0,
  by_outcome: { scheduled: 0, busy: 0 },
  live_calls: [],
  activity: {
    state: "starting",
    message: "Starting: the first calls are placed in a moment.",
    next_at: null,
    contact_zone: null,
    contact_local_time: null,
  },
};
const call = (status: string) => ({
  call_id: "c1",
  contact_name: "Ana Torres",
  phone: "+573001004242",
  status,
  started_at: "2026-11-29T20:10:00Z",
  last_line: null,
});

describe("contactsStateKey: when the campaign view fetches its contacts again", () => {
  test("a call placed, answered and ended each change it", () => {
    const ringing = { ...base, pending: 2, in_progress: 1, live_calls: [call("ringing")] };
    const answered = { ...ringing, live_calls: [call("in_progress")] };
    const booked = { ...base, pending: 2, done: 1, by_outcome: { scheduled: 1, busy: 0 } };
    const keys = [base, ringing, answered, booked].map(contactsStateKey);
    assert.equal(new Set(keys).size, 4, keys.join("\n"));
  });

  test("the dialer starting to wait for calling hours changes it (the contacts then say why they wait)", () => {
    const waiting = {
      ...base,
      activity: { ...base.activity, state: "waiting_calling_hours" as const, next_at: "2026-11-30T07:00:00Z" },
    };
    assert.notEqual(contactsStateKey(waiting), contactsStateKey(base));
  });

  test("the same state said again, or a live line spoken, leaves it: no fetch on every transcript line", () => {
    const live = { ...base, pending: 2, in_progress: 1, live_calls: [call("in_progress")] };
    const spoken = {
      ...live,
      live_calls: [{ ...call("in_progress"), last_line: { speaker: "agent" as const, text: "Hi Ana" } }],
      activity: { ...live.activity, message: "Calling 1 of 3." },
    };
    assert.equal(contactsStateKey(spoken), contactsStateKey(live));
    assert.equal(contactsStateKey({ ...base, by_outcome: {} }), contactsStateKey(base), "zero counts are no change");
  });
});
