/// <reference types="node" />
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { campaignStatusTone, campaignStatusColors, STATUS_TONE_COLORS, statusLabel } from "./campaign-status.ts";

describe("campaignStatusTone", () => {
  const cases: Array<[string, string]> = [
    ["completed", "success"],
    ["complete", "success"],
    ["done", "success"],
    ["finished", "success"],
    ["scheduled", "scheduled"],
    ["in progress", "running"],
    ["in_progress", "running"],
    ["IN-PROGRESS", "running"],
    ["running", "running"],
    ["active", "running"],
    ["cancelled", "stopped"],
    ["canceled", "stopped"],
    ["inactive", "stopped"],
    ["stopped", "stopped"],
    ["paused", "stopped"],
    ["draft", "draft"],
    ["failed", "failed"],
    ["error", "failed"],
    ["pending", "pending"],
    ["waiting", "pending"],
    ["Completed", "success"],
    ["  PAUSED ", "stopped"],
    ["archived", "neutral"],
    ["", "neutral"],
  ];
  for (const [status, tone] of cases) {
    test(`${JSON.stringify(status)} → ${tone}`, () => assert.equal(campaignStatusTone(status), tone));
  }

  test("missing status is neutral grey", () => {
    assert.equal(campaignStatusTone(undefined), "neutral");
    assert.equal(campaignStatusTone(null), "neutral");
  });

  test("each family has its own colour, green/blue/amber/red/grey/dark red/light amber", () => {
    assert.equal(campaignStatusColors("done").bg, "#2e7d32");
    assert.equal(campaignStatusColors("scheduled").bg, "#1976d2");
    assert.equal(campaignStatusColors("running").bg, "#ffb300");
    assert.equal(campaignStatusColors("paused").bg, "#e53935");
    assert.equal(campaignStatusColors("draft").bg, "#616161");
    assert.equal(campaignStatusColors("error").bg, "#8b0000");
    assert.equal(campaignStatusColors("waiting").bg, "#ffe082");
    const bgs = Object.values(STATUS_TONE_COLORS).map((c) => c.bg);
    assert.equal(new Set(bgs).size, bgs.length);
  });
});

test("statusLabel capitalises words and names a missing status", () => {
  assert.equal(statusLabel("in_progress"), "In Progress");
  assert.equal(statusLabel("draft"), "Draft");
  assert.equal(statusLabel(""), "Unknown");
});
