import assert from "node:assert/strict";
import { test } from "node:test";
import { capacityLines, formatDuration, metricCards } from "./dashboard-api.ts";

test("durations read as minutes and padded seconds", () => {
  assert.equal(formatDuration(0), "0s");
  assert.equal(formatDuration(59.6), "1m 00s");
  assert.equal(formatDuration(118), "1m 58s");
});

test("the six cards in order with formatted values", () => {
  const cards = metricCards({
    total_campaigns: 3,
    total_leads: 1200,
    total_calls: 6,
    total_appointments: 1,
    booking_rate: 16.7,
    avg_call_duration_seconds: 118,
  });
  assert.deepEqual(
    cards.map((c) => c.label),
    ["Total Campaigns", "Total Leads", "Total Calls", "Appointments Booked", "Booking Rate", "Avg Call Duration"],
  );
  assert.deepEqual(
    cards.slice(4).map((c) => c.value),
    ["16.7%", "1m 58s"],
  );
});

test("the capacity card says the calls on the line, and what the servers carry or that they hold calls back", () => {
  assert.deepEqual(capacityLines({ calls_in_progress: 3, servers: { processes: 1, capacity: 6, free: 3 } }), {
    inProgress: "Calls in progress: 3",
    capacity: "Capacity: 6 calls in real time, 3 calls free now",
  });
  assert.equal(
    capacityLines({ calls_in_progress: 4, servers: { processes: 2, capacity: 4, free: 0 } }).capacity,
    "Capacity: 4 calls in real time, at capacity: calls are held back",
  );
  assert.equal(capacityLines({ calls_in_progress: 0, servers: null }).capacity, "Capacity: no dialer is running");
});
