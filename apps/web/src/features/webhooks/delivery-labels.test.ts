import assert from "node:assert/strict";
import { test } from "node:test";
import type { WebhookDelivery } from "@parley/shared/webhooks";
import { deliveryStatusLabel, deliveryTime } from "./delivery-labels.ts";

const base: WebhookDelivery = {
  id: "d",
  message_id: "msg_1",
  event_type: "call.completed",
  status: "pending",
  attempts: 0,
  last_status_code: null,
  last_error: null,
  last_response: null,
  last_attempt_at: null,
  next_attempt_at: "2026-01-01T00:00:00Z",
  created_at: "2026-01-01T00:00:00Z",
};

test("a delivery's chip says what the receiver answered, or why it waits", () => {
  assert.deepEqual(deliveryStatusLabel(base), { text: "Sending…", color: "default" });
  assert.deepEqual(deliveryStatusLabel({ ...base, attempts: 1, last_status_code: 500 }), {
    text: "Retrying · HTTP 500",
    color: "warning",
  });
  assert.deepEqual(deliveryStatusLabel({ ...base, attempts: 1, last_error: "no answer within 10 s" }), {
    text: "Retrying · no answer within 10 s",
    color: "warning",
  });
  assert.deepEqual(deliveryStatusLabel({ ...base, status: "delivered", attempts: 2, last_status_code: 204 }), {
    text: "Delivered · HTTP 204",
    color: "success",
  });
  assert.deepEqual(deliveryStatusLabel({ ...base, status: "failed", attempts: 8, last_status_code: 503 }), {
    text: "Failed · HTTP 503",
    color: "error",
  });
});

test("a delivery's time is on the viewer's clock, to the second; none reads nothing", () => {
  assert.equal(deliveryTime("2030-03-01T12:00:05Z", "Asia/Kolkata"), "Mar 1, 2030, 5:30:05 PM");
  assert.equal(deliveryTime(null, "UTC"), "");
});
