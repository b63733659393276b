/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { validateCampaignForm } from "./validate-campaign-form.ts";
import { defaultCampaignForm } from "./campaign-form.ts";

const base = defaultCampaignForm();

test("rules are checked in the spec's order", () => {
  const allWrong = { ...base, campaignName: "  ", campaignMode: "schedule" as const };
  assert.equal(validateCampaignForm(allWrong), "Campaign name is required");
  const named = { ...allWrong, campaignName: "Spring" };
  assert.equal(validateCampaignForm(named), "Start date is required for scheduled campaigns");
  const started = { ...named, startDate: "2030-01-02T10:00" };
  assert.equal(validateCampaignForm(started), "End date is required for scheduled campaigns");
  const backwards = { ...started, endDate: "2030-01-01T10:00" };
  assert.equal(validateCampaignForm(backwards), "End date must be after start date");
  assert.equal(validateCampaignForm({ ...started, endDate: "2030-01-02T10:00" }), "End date must be after start date");
  assert.equal(validateCampaignForm({ ...started, endDate: "2030-01-03T10:00" }), null);
});

test("immediate campaigns need only a name", () => {
  assert.equal(validateCampaignForm({ ...base, campaignName: "Now" }), null);
});

test("max simultaneous calls: empty or a whole number from 1 to 1000", () => {
  const named = { ...base, campaignName: "Now" };
  const message =
    "Max simultaneous calls must be a whole number from 1 to 1000, or empty for the organisation's limit.";
  for (const ok of ["", "1", "25", "1000"])
    assert.equal(validateCampaignForm({ ...named, maxConcurrentCalls: ok }), null, ok);
  for (const bad of ["0", "1001", "2.5", "-1"])
    assert.equal(validateCampaignForm({ ...named, maxConcurrentCalls: bad }), message, bad);
});

test("inbound campaigns need their number: a phone number in international format or a SIP user", () => {
  const inbound = { ...base, campaignName: "Front desk", campaignType: "inbound" as const };
  assert.equal(validateCampaignForm(inbound), "Inbound number is required for inbound campaigns");
  const message =
    "Inbound number must be a phone number in international format (e.g. +15550100200) or a SIP user (e.g. sales).";
  for (const bad of ["+12", "front desk", "+1 555 abc"])
    assert.equal(validateCampaignForm({ ...inbound, inboundNumber: bad }), message, bad);
  for (const ok of ["+1 (555) 010-0200", "sales", "sip:sales@pbx.example.com"])
    assert.equal(validateCampaignForm({ ...inbound, inboundNumber: ok }), null, ok);
  assert.equal(
    validateCampaignForm({ ...base, campaignName: "Dialer", inboundNumber: "nonsense!" }),
    null,
    "outbound ignores the field",
  );
});
