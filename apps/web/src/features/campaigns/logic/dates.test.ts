/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatDayMonthYear, formatDateTime } from "./dates.ts";

test("dd-mm-yyyy or Unknown", () => {
  assert.equal(formatDayMonthYear(new Date(2025, 2, 7, 12).toISOString()), "07-03-2025");
  assert.equal(formatDayMonthYear(null), "Unknown");
  assert.equal(formatDayMonthYear("not a date"), "Unknown");
});

test("date and time, or a dash", () => {
  assert.equal(formatDateTime(new Date(2025, 11, 31, 9, 5).toISOString()), "31-12-2025 09:05");
  assert.equal(formatDateTime(undefined), "-");
});
