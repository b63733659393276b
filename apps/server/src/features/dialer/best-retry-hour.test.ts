import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { bestRetryTime, MAX_EXTRA_WAIT_DAYS, retryTime, type AnswerHourStats } from "./best-retry-hour.ts";
import { LEGAL_CONTACT_HOURS, type CallWindowRules } from "./call-window.ts";

const rules = (over: Partial<CallWindowRules> = {}): CallWindowRules => ({
  businessHours: { start: "09:00", end: "17:00" },
  timezone: "UTC",
  contactZones: [],
  contactHours: LEGAL_CONTACT_HOURS,
  ...over,
});
/** Cells as [ISO weekday, hour, dialled, answered by a person]; the total is theirs plus `rest` calls elsewhere. */
const stats = (cells: [number, number, number, number][], rest = 200): AnswerHourStats => ({
  dialled: cells.reduce((n, c) => n + c[2], rest),
  cells: cells.map(([weekday, hour, dialled, people]) => ({ weekday, hour, dialled, people })),
});
const iso = (d: Date | null) => d?.toISOString() ?? null;
// Monday 2 March 2026, 10:00 UTC.
const monday10 = new Date("2026-03-02T10:00:00Z");
/** A week's wait allowed: every weekday-and-hour comes round once, for tests of which hour wins. */
const WEEK = 7;

describe("bestRetryTime", () => {
  test("too little history: no choice, so the dialer keeps the time gap", () => {
    assert.equal(bestRetryTime(monday10, rules(), "UTC", stats([[3, 15, 30, 24]], 100)), null);
  });

  test("the open hour where people answered best, days ahead when the wait allows", () => {
    const s = stats([
      [2, 10, 30, 18], // Tuesday 10:00, 60%
      [3, 15, 25, 20], // Wednesday 15:00, 80%
    ]);
    assert.equal(iso(bestRetryTime(monday10, rules(), "UTC", s, WEEK)), "2026-03-04T15:00:00.000Z");
  });

  test("a retry waits at most a day past the evenly spread time: a better hour later is not waited for", () => {
    assert.equal(MAX_EXTRA_WAIT_DAYS, 1);
    const s = stats([
      [1, 12, 20, 8], // Monday 12:00, 40%
      [2, 10, 30, 18], // Tuesday 10:00, 60%: exactly a day after the evenly spread Monday 10:00, still in reach
      [3, 15, 25, 20], // Wednesday 15:00, 80%: two days on
    ]);
    assert.equal(iso(bestRetryTime(monday10, rules(), "UTC", s)), "2026-03-03T10:00:00.000Z");
    assert.equal(iso(bestRetryTime(monday10, rules(), "UTC", s, 0.5)), "2026-03-02T12:00:00.000Z");
  });

  test("the day is counted from the first open moment, not from the end of the time gap", () => {
    // Monday 18:00 is after the 09:00–17:00 business hours: evenly spread, the retry goes at Tuesday 09:00, so
    // Tuesday 16:00 is in reach and Wednesday 10:00 (more than a day after Tuesday 09:00) is not.
    const evening = new Date("2026-03-02T18:00:00Z");
    const s = stats([
      [2, 16, 20, 8], // Tuesday 16:00, 40%
      [3, 10, 40, 36], // Wednesday 10:00, 90%
    ]);
    assert.equal(iso(bestRetryTime(evening, rules(), "UTC", s)), "2026-03-03T16:00:00.000Z");
  });

  test("no open hour in reach has enough calls: no choice, the evenly spread time stands", () => {
    const s = stats([[3, 15, 25, 20]]); // Wednesday 15:00 only: beyond the day's wait
    assert.equal(bestRetryTime(monday10, rules(), "UTC", s), null);
    assert.equal(iso(retryTime(monday10, rules(), "UTC", s, false)), monday10.toISOString());
  });

  test("an hour with fewer than 20 calls is not trusted, however good it looks", () => {
    const s = stats([
      [1, 11, 10, 9], // Monday 11:00, 90% of only 10
      [2, 10, 30, 18],
    ]);
    assert.equal(iso(bestRetryTime(monday10, rules(), "UTC", s, WEEK)), "2026-03-03T10:00:00.000Z");
  });

  test("hours outside business hours are never chosen, however well they answer", () => {
    const s = stats([
      [1, 19, 40, 38], // Monday 19:00: after the campaign's 17:00
      [2, 16, 30, 9],
    ]);
    assert.equal(iso(bestRetryTime(monday10, rules(), "UTC", s, WEEK)), "2026-03-03T16:00:00.000Z");
  });

  test("a tie goes to the earlier hour; the current hour starts at the earliest moment, not its top", () => {
    const at1030 = new Date("2026-03-02T10:30:00Z");
    const s = stats([
      [1, 10, 20, 10],
      [1, 14, 40, 20],
    ]);
    assert.equal(iso(bestRetryTime(at1030, rules(), "UTC", s)), at1030.toISOString());
  });

  test("hours are the contact's: a New York contact's Tuesday 09:00 is 14:00 UTC, within their legal hours", () => {
    const wide = rules({ businessHours: { start: "00:00", end: "00:00" }, contactZones: ["America/New_York"] });
    const s = stats([
      [2, 9, 30, 21], // 09:00 in New York
      [2, 7, 50, 45], // 07:00 in New York: before the legal 08:00, never dialled
    ]);
    assert.equal(iso(bestRetryTime(monday10, wide, "America/New_York", s, WEEK)), "2026-03-03T14:00:00.000Z");
  });

  test("no open hour has enough calls: no choice", () => {
    const s = stats([
      [1, 20, 50, 40], // trusted, but after business hours
      [2, 11, 19, 15], // open, but one call short of trusted
    ]);
    assert.equal(bestRetryTime(monday10, rules(), "UTC", s), null);
  });

  test("the campaign's end date is kept: the best hour after it is out of reach", () => {
    const ending = rules({ endAt: new Date("2026-03-03T00:00:00Z") });
    const s = stats([
      [1, 12, 20, 4],
      [2, 10, 30, 27],
    ]);
    assert.equal(iso(bestRetryTime(monday10, ending, "UTC", s)), "2026-03-02T12:00:00.000Z");
  });
});

describe("retryTime", () => {
  const s = stats([[3, 15, 25, 20]]);
  test("a time the callee asked for is kept, whatever the history says", () => {
    const asked = new Date("2026-03-02T11:00:00Z");
    assert.equal(iso(retryTime(asked, rules(), "UTC", s, true)), asked.toISOString());
  });
  test("without learnt hours: the first open moment after the gap, as before", () => {
    const evening = new Date("2026-03-02T18:00:00Z");
    assert.equal(iso(retryTime(evening, rules(), "UTC", null, false)), "2026-03-03T09:00:00.000Z");
  });
  test("with learnt hours: the best one within the wait allowed", () => {
    assert.equal(iso(retryTime(monday10, rules(), "UTC", s, false, WEEK)), "2026-03-04T15:00:00.000Z");
  });
});
