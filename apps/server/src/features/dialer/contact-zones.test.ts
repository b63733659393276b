import assert from "node:assert/strict";
import { test } from "node:test";
import { contactZones } from "./contact-zones.ts";

test("single-zone countries give their zone; multi-zone countries give all; unknown gives none", () => {
  assert.deepEqual(contactZones("+919876543210"), ["Asia/Kolkata"]);
  assert.deepEqual(contactZones("+971501234567"), ["Asia/Dubai"]);
  assert.ok(contactZones("+14155550100").includes("America/Los_Angeles"));
  assert.ok(contactZones("+14155550100").includes("America/New_York"));
  assert.deepEqual(contactZones("+999"), []);
});
