/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { toForm, toPayload } from "./campaign-mapping.ts";
import { defaultCampaignForm } from "../logic/campaign-form.ts";
import type { CampaignDto } from "./campaign-dto.ts";

const stored: CampaignDto = {
  id: "c1",
  name: "Spring",
  description: null,
  channel: "voice",
  direction: "outbound",
  voice_id: "v1",
  max_attempts: 3,
  time_gap: 5.5 * 3600,
  faqs: { opening_line: "Hi", goal: "Book", faqs: [{ question: "Price?", answer: "Ask" }] },
  status: "scheduled",
  start_immediately: false,
  start_datetime: "2030-01-02T04:30:00.000Z",
  end_datetime: "2030-01-03T04:30:00.000Z",
  campaign_timezone: "Asia/Kolkata",
  business_hours_start: "10:00",
  business_hours_end: null,
  service: null,
  email_subject: null,
  email_body: null,
  created_at: null,
  updated_at: null,
  csv_file: null,
  contact_count: 0,
  rejected_rows: [],
};

test("loading a campaign: gap snapped, dates in the campaign's zone, defaults filled", () => {
  const f = toForm(stored);
  assert.equal(f.timeGap, 6);
  assert.equal(f.campaignMode, "schedule");
  assert.equal(f.startDate, "2030-01-02T10:00");
  assert.equal(f.businessHoursEnd, "17:00");
  assert.equal(f.service, "sales");
  assert.equal(f.campaignDescription, "");
});

test("payload: hours in seconds, immediate sends no dates, empty FAQ rows dropped", () => {
  const f = {
    ...defaultCampaignForm(),
    campaignName: "  Now  ",
    startDate: "2030-01-01T10:00",
    customFaqs: { opening_line: "", goal: "", pairs: [{ question: " ", answer: "" }] },
  };
  const p = toPayload(f, true);
  assert.equal(p.name, "Now");
  assert.equal(p.time_gap, 7200);
  assert.equal(p.max_attempts, 4);
  assert.equal(p.start_immediately, true);
  assert.equal(p.start_datetime, null);
  assert.equal(p.faqs, null);
  assert.equal(p.save_as_draft, true);
  assert.equal(p.campaign_timezone, "Asia/Kolkata");
});

test("a loaded scheduled campaign round-trips its instants", () => {
  const p = toPayload(toForm(stored), false);
  assert.equal(p.start_datetime, stored.start_datetime);
  assert.equal(p.end_datetime, stored.end_datetime);
  assert.deepEqual(p.faqs, { opening_line: "Hi", goal: "Book", pairs: [{ question: "Price?", answer: "Ask" }] });
});

test("dialing settings: an empty limit means the organisation's, and both round-trip", () => {
  const loaded = toForm({ ...stored, max_concurrent_calls: 7, retry_backoff: true });
  assert.deepEqual([loaded.maxConcurrentCalls, loaded.retryBackoff], ["7", true]);
  assert.deepEqual([toPayload(loaded, false).max_concurrent_calls, toPayload(loaded, false).retry_backoff], [7, true]);
  const older = toForm(stored); // an answer without the fields
  assert.deepEqual([older.maxConcurrentCalls, older.retryBackoff], ["", false]);
  assert.equal(toPayload({ ...older, maxConcurrentCalls: " " }, false).max_concurrent_calls, null);
});
