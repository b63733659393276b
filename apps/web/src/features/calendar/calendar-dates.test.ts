/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  hourLabel,
  isoDate,
  monthGrid,
  periodTitle,
  shiftAnchor,
  visibleRange,
  weekDays,
  weekRange,
  DAY_HOURS,
} from "./calendar-dates.ts";

const d = (y: number, m: number, day: number) => new Date(y, m - 1, day);

test("a week runs Sunday to Saturday, also across a month and year end", () => {
  const w = weekRange(d(2030, 1, 1)); // Tuesday
  assert.deepEqual([isoDate(w.start), isoDate(w.end)], ["2029-12-30", "2030-01-05"]);
  assert.deepEqual(
    weekDays(d(2030, 3, 31)).map((x) => x.getDay()),
    [0, 1, 2, 3, 4, 5, 6],
  );
  assert.equal(isoDate(weekRange(d(2030, 3, 31)).start), "2030-03-31", "a Sunday starts its own week");
  assert.equal(isoDate(weekRange(d(2030, 4, 6)).start), "2030-03-31", "a Saturday ends it");
});

test("the month grid is whole Sunday-first weeks covering the month", () => {
  const march = monthGrid(d(2030, 3, 15)); // 1 March 2030 is a Friday, 31st a Sunday
  assert.equal(march.length, 6);
  assert.equal(isoDate(march[0]![0]!), "2030-02-24");
  assert.equal(isoDate(march[5]![6]!), "2030-04-06");
  assert.ok(march.every((w) => w.length === 7 && w[0]!.getDay() === 0));
  assert.equal(monthGrid(d(2026, 2, 1)).length, 4, "February 2026 starts on a Sunday and fills exactly four weeks");
});

test("the server is asked for the visible dates of each view", () => {
  const anchor = d(2030, 3, 13);
  assert.deepEqual(visibleRange("day", anchor), { start_date: "2030-03-13", end_date: "2030-03-13" });
  assert.deepEqual(visibleRange("week", anchor), { start_date: "2030-03-10", end_date: "2030-03-16" });
  assert.deepEqual(visibleRange("month", anchor), { start_date: "2030-02-24", end_date: "2030-04-06" });
  assert.deepEqual(visibleRange("year", anchor), { start_date: "2030-01-01", end_date: "2030-12-31" });
});

test("arrows move by a day, a week, a month (clamping the 31st) or a year", () => {
  assert.equal(isoDate(shiftAnchor("day", d(2030, 2, 28), 1)), "2030-03-01");
  assert.equal(isoDate(shiftAnchor("week", d(2030, 12, 29), 1)), "2031-01-05");
  assert.equal(isoDate(shiftAnchor("month", d(2030, 1, 31), 1)), "2030-02-28");
  assert.equal(isoDate(shiftAnchor("month", d(2030, 1, 15), -1)), "2029-12-15");
  assert.equal(isoDate(shiftAnchor("year", d(2030, 6, 15), -1)), "2029-06-01");
});

test("day view hours are 7:00 AM to 5:00 PM", () => {
  assert.deepEqual(DAY_HOURS.map(hourLabel), [
    "7:00 AM",
    "8:00 AM",
    "9:00 AM",
    "10:00 AM",
    "11:00 AM",
    "12:00 PM",
    "1:00 PM",
    "2:00 PM",
    "3:00 PM",
    "4:00 PM",
    "5:00 PM",
  ]);
});

test("period titles", () => {
  assert.equal(periodTitle("month", d(2030, 3, 13)), "March 2030");
  assert.equal(periodTitle("week", d(2030, 3, 13)), "Mar 10 – 16, 2030");
  assert.equal(periodTitle("week", d(2030, 4, 1)), "Mar 31 – Apr 6, 2030");
  assert.equal(periodTitle("year", d(2030, 3, 13)), "2030");
});
