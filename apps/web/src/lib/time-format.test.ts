import assert from "node:assert/strict";
import { test } from "node:test";
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatDmy,
  formatLongDate,
  formatNear,
  formatTime12,
  formatWhen,
  untilText,
} from "./time-format.ts";

const at = "2026-12-01T02:22:17Z";

test("a time on the viewer's clock says no zone; on another clock it says which", () => {
  assert.equal(formatDateTime(at, "Europe/Berlin"), "2026-12-01 03:22");
  assert.equal(
    formatDateTime(at, "Europe/Berlin", { zone: "Australia/Sydney" }),
    "2026-12-01 13:22 (Australia/Sydney)",
  );
  assert.equal(formatDateTime(at, "Europe/Berlin", { zone: "Europe/Berlin" }), "2026-12-01 03:22");
  assert.equal(formatClock(at, "Australia/Sydney", { seconds: true }), "13:22:17");
  assert.equal(formatDateTime("garbage", "UTC"), "N/A");
});

test("every format reads the viewer's clock, not the machine's", () => {
  // 02:22 UTC is still November 30 in New York and already the afternoon in Sydney.
  assert.equal(formatTime12(at, "America/New_York"), "9:22 PM");
  assert.equal(formatTime12(at, "Australia/Sydney"), "1:22 PM");
  assert.equal(formatDate(at, "America/New_York"), "Nov 30, 2026");
  assert.equal(formatDate(at, "Australia/Sydney"), "Dec 1, 2026");
  assert.equal(formatLongDate(at, "America/New_York"), "Monday, November 30, 2026");
  assert.equal(formatWhen(at, "Australia/Sydney"), "Dec 1, 2026, 1:22 PM");
  assert.equal(formatWhen(at, "UTC", { seconds: true }), "Dec 1, 2026, 2:22:17 AM");
  assert.equal(formatDmy(at, "America/New_York"), "30-11-2026");
  assert.equal(formatDmy(at, "Australia/Sydney", { separator: "/", shortYear: true }), "01/12/26");
  assert.equal(formatDmy(at, "Asia/Kolkata", { time: true }), "01-12-2026 07:52");
});

test("12-hour times around midnight and noon", () => {
  assert.equal(formatTime12("2026-06-01T00:05:00Z", "UTC"), "12:05 AM");
  assert.equal(formatTime12("2026-06-01T12:00:00Z", "UTC"), "12:00 PM");
  assert.equal(formatTime12("2026-06-01T23:59:00Z", "UTC"), "11:59 PM");
});

test("another clock is named in every format; a missing time reads the fallback", () => {
  assert.equal(formatTime12(at, "Europe/Berlin", { zone: "Australia/Sydney" }), "1:22 PM (Australia/Sydney)");
  assert.equal(formatWhen(at, "UTC", { zone: "Asia/Kolkata" }), "Dec 1, 2026, 7:52 AM (Asia/Kolkata)");
  assert.equal(formatDate(null, "UTC"), "N/A");
  assert.equal(formatDmy(undefined, "UTC", { fallback: "Unknown" }), "Unknown");
  assert.equal(formatWhen("", "UTC", { fallback: "" }), "");
});

test("a moment near now: the time today, the weekday within the week, the date beyond", () => {
  // Tuesday 5 March 2030, 10:00 UTC.
  const now = new Date("2030-03-05T10:00:00Z");
  assert.equal(formatNear("2030-03-05T15:40:00Z", "UTC", now), "3:40 PM");
  assert.equal(formatNear("2030-03-05T15:40:00Z", "UTC", now, { withDay: true }), "Tue 3:40 PM");
  assert.equal(formatNear("2030-03-06T09:00:00Z", "UTC", now), "Wed 9:00 AM");
  assert.equal(formatNear("2030-03-20T09:00:00Z", "UTC", now), "Mar 20, 9:00 AM");
  assert.equal(formatNear("2030-03-05T15:40:00Z", "Asia/Kolkata", now), "9:10 PM");
  // 19:30 UTC is already tomorrow in Tokyo: "today" is the day on the clock shown.
  assert.equal(formatNear("2030-03-05T19:30:00Z", "Asia/Tokyo", now), "Wed 4:30 AM");
  assert.equal(formatNear("2030-03-05T15:40:00Z", "UTC", now, { zone: "Asia/Kolkata" }), "9:10 PM (Asia/Kolkata)");
});

test("a countdown in hours and minutes", () => {
  const now = new Date("2026-12-01T03:22:00Z");
  assert.equal(untilText("2026-12-01T09:00:00Z", now), "in 5 h 38 min");
  assert.equal(untilText("2026-12-01T03:40:00Z", now), "in 18 min");
  assert.equal(untilText("2026-12-01T03:22:30Z", now), "in under a minute");
});
