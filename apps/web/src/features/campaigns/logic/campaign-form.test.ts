/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { initialVoiceId, newCampaignForm } from "./campaign-form.ts";

const org = { timezone: "Europe/Berlin", business_hours_start: "08:30", business_hours_end: "18:00" };

test("a new campaign takes the organisation's timezone and business hours", () => {
  const f = newCampaignForm(org, "America/New_York");
  assert.deepEqual([f.campaignTimezone, f.businessHoursStart, f.businessHoursEnd], ["Europe/Berlin", "08:30", "18:00"]);
  assert.equal(f.campaignName, "");
  assert.equal(f.channel, "voice");
});

test("without an organisation timezone the browser's is used; without either, the spec's default", () => {
  assert.equal(newCampaignForm({ ...org, timezone: null }, "America/New_York").campaignTimezone, "America/New_York");
  assert.equal(newCampaignForm(null, "Australia/Sydney").campaignTimezone, "Australia/Sydney");
  assert.equal(newCampaignForm(null, undefined).campaignTimezone, "Asia/Kolkata");
  assert.equal(newCampaignForm({ ...org, timezone: "Not/AZone" }, "Nor/This").campaignTimezone, "Asia/Kolkata");
});

test("settings that could not be read leave the default business hours", () => {
  const f = newCampaignForm(null, "UTC");
  assert.deepEqual([f.businessHoursStart, f.businessHoursEnd], ["09:00", "17:00"]);
  const same = newCampaignForm({ ...org, business_hours_end: "08:30" }, "UTC");
  assert.deepEqual([same.businessHoursStart, same.businessHoursEnd], ["09:00", "17:00"]);
});

test("the voice: the organisation's default when offered, else the first, else none", () => {
  assert.equal(initialVoiceId(["a", "b", "c"], "b"), "b");
  assert.equal(initialVoiceId(["a", "b"], "gone"), "a");
  assert.equal(initialVoiceId(["a", "b"], null), "a");
  assert.equal(initialVoiceId([], "b"), "");
});
