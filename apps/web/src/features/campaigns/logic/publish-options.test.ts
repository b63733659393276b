/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { BUSINESS_HOUR_CHOICES, timezoneChoices } from "./publish-options.ts";

test("business hours run 00:00 to 23:30 in 30-minute steps", () => {
  assert.equal(BUSINESS_HOUR_CHOICES.length, 48);
  assert.equal(BUSINESS_HOUR_CHOICES[0], "00:00");
  assert.equal(BUSINESS_HOUR_CHOICES[1], "00:30");
  assert.equal(BUSINESS_HOUR_CHOICES[18], "09:00");
  assert.equal(BUSINESS_HOUR_CHOICES[34], "17:00");
  assert.equal(BUSINESS_HOUR_CHOICES[47], "23:30");
});

test("Asia/Kolkata and Asia/Dubai come first, then the rest once each", () => {
  const zones = timezoneChoices(["Africa/Abidjan", "Asia/Dubai", "Asia/Kolkata", "Europe/Paris"]);
  assert.deepEqual(zones, ["Asia/Kolkata", "Asia/Dubai", "Africa/Abidjan", "Europe/Paris"]);
});

test("by default every zone the runtime knows is offered", () => {
  const zones = timezoneChoices();
  assert.equal(zones[0], "Asia/Kolkata");
  assert.equal(zones[1], "Asia/Dubai");
  assert.ok(zones.includes("America/New_York"));
  assert.equal(new Set(zones).size, zones.length);
});
