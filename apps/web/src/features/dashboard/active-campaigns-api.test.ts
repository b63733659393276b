/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardStats, formatCardDate } from "./active-campaigns-api.ts";

test("card date is dd-mm-yyyy or Unknown", () => {
  assert.equal(formatCardDate(new Date(2025, 0, 9, 12).toISOString()), "09-01-2025");
  assert.equal(formatCardDate(null), "Unknown");
  assert.equal(formatCardDate("garbage"), "Unknown");
});

test("card stats read the server's figures", () => {
  assert.equal(cardStats({ calls_made: 12, success_rate: 33.4 }), "Calls: 12 · Success: 33%");
  assert.equal(cardStats({ calls_made: 0, success_rate: 0 }), "Calls: 0 · Success: 0%");
});
