/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardStats, formatCardDate } from "./active-campaigns-api.ts";

test("card date is dd-mm-yyyy or Unknown", () => {
  assert.equal(formatCardDate("2025-01-09T12:00:00Z", "Europe/Berlin"), "09-01-2025");
  // 23:30 UTC is already the next day in Berlin: the viewer's day, not the machine's.
  assert.equal(formatCardDate("2025-01-09T23:30:00Z", "Europe/Berlin"), "10-01-2025");
  assert.equal(formatCardDate(null, "UTC"), "Unknown");
  assert.equal(formatCardDate("garbage", "UTC"), "Unknown");
});

test("card stats read the server's figures", () => {
  assert.equal(cardStats({ calls_made: 12, success_rate: 33.4 }), "Calls: 12 · Success: 33%");
  assert.equal(cardStats({ calls_made: 0, success_rate: 0 }), "Calls: 0 · Success: 0%");
});
