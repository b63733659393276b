import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clampContactHours, nextCallTime, LEGAL_CONTACT_HOURS, type CallWindowRules } from "./call-window.ts";

const rules = (over: Partial<CallWindowRules> = {}): CallWindowRules => ({
  businessHours: { start: "09:00", end: "17:00" },
  timezone: "Asia/Kolkata",
  contactZones: [],
  contactHours: LEGAL_CONTACT_HOURS,
  ...over,
});
const iso = (d: Date | null) => d?.toISOString() ?? null;
/** A call may go out at `now` itself: the next allowed instant is now. */
const isCallableNow = (now: Date, r: CallWindowRules) => nextCallTime(now, r)?.getTime() === now.getTime();

describe("nextCallTime", () => {
  test("inside business hours: now", () => {
    const now = new Date("2026-03-02T05:00:00Z"); // 10:30 in Kolkata
    assert.equal(iso(nextCallTime(now, rules())), now.toISOString());
    assert.ok(isCallableNow(now, rules()));
  });

  test("after hours: next morning's opening in the campaign's zone", () => {
    const evening = new Date("2026-03-02T13:00:00Z"); // 18:30 Kolkata
    assert.equal(iso(nextCallTime(evening, rules())), "2026-03-03T03:30:00.000Z"); // 09:00 IST
  });

  test("business hours across midnight (22:00–02:00)", () => {
    const r = rules({ businessHours: { start: "22:00", end: "02:00" }, timezone: "UTC" });
    assert.equal(iso(nextCallTime(new Date("2026-03-02T01:00:00Z"), r)), "2026-03-02T01:00:00.000Z");
    assert.equal(iso(nextCallTime(new Date("2026-03-02T03:00:00Z"), r)), "2026-03-02T22:00:00.000Z");
  });

  test("a DST change keeps the local opening time (New York, 8 March 2026)", () => {
    const r = rules({ timezone: "America/New_York" });
    // Saturday 7 March 18:00 EST → Sunday 8 March opens at 09:00 EDT = 13:00Z (it was 14:00Z the day before).
    assert.equal(iso(nextCallTime(new Date("2026-03-07T23:00:00Z"), r)), "2026-03-08T13:00:00.000Z");
    assert.equal(iso(nextCallTime(new Date("2026-03-06T23:00:00Z"), r)), "2026-03-07T14:00:00.000Z");
  });

  test("scheduled start and end bound the answer; an end in the past gives null", () => {
    const startAt = new Date("2026-03-05T04:00:00Z");
    assert.equal(iso(nextCallTime(new Date("2026-03-02T05:00:00Z"), rules({ startAt }))), startAt.toISOString());
    const endAt = new Date("2026-03-01T00:00:00Z");
    assert.equal(nextCallTime(new Date("2026-03-02T05:00:00Z"), rules({ endAt })), null);
    // Ends before the next opening: nothing left.
    assert.equal(
      nextCallTime(new Date("2026-03-02T13:00:00Z"), rules({ endAt: new Date("2026-03-03T01:00:00Z") })),
      null,
    );
  });

  test("contact-local hours: a Dubai campaign calling London waits for 08:00 in London", () => {
    const r = rules({
      timezone: "Asia/Dubai",
      businessHours: { start: "09:00", end: "17:00" },
      contactZones: ["Europe/London"],
    });
    // 09:00 Dubai = 05:00 London: too early for the callee; 08:00 London = 12:00 Dubai.
    assert.equal(iso(nextCallTime(new Date("2026-03-02T05:00:00Z"), r)), "2026-03-02T08:00:00.000Z");
  });

  test("a number whose country spans zones must fit every zone", () => {
    const r = rules({
      timezone: "UTC",
      businessHours: { start: "00:00", end: "00:00" },
      contactZones: ["America/New_York", "America/Los_Angeles"],
    });
    // 08:00 in Los Angeles (PST, 16:00Z) is the first moment both are inside 08:00–21:00.
    assert.equal(iso(nextCallTime(new Date("2026-01-15T12:00:00Z"), r)), "2026-01-15T16:00:00.000Z");
  });
});

test("a campaign may tighten contact hours but never loosen them", () => {
  assert.deepEqual(clampContactHours({ start: "06:00", end: "23:00" }), { start: "08:00", end: "21:00" });
  assert.deepEqual(clampContactHours({ start: "10:00", end: "18:00" }), { start: "10:00", end: "18:00" });
  assert.deepEqual(clampContactHours(null), LEGAL_CONTACT_HOURS);
});
