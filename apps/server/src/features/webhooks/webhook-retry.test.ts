import assert from "node:assert/strict";
import { test } from "node:test";
import { nextRetryAt, RETRY_DELAYS_MS } from "./webhook-retry.ts";

test("retries grow and stop within a day of the first send", () => {
  const at = new Date("2026-01-01T00:00:00Z");
  assert.equal(nextRetryAt(1, at)?.getTime(), at.getTime() + 5_000);
  assert.equal(nextRetryAt(2, at)?.getTime(), at.getTime() + 300_000);
  for (let i = 1; i < RETRY_DELAYS_MS.length; i++) assert.ok(RETRY_DELAYS_MS[i]! >= RETRY_DELAYS_MS[i - 1]!);
  const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
  assert.ok(total <= 24 * 3600_000 && total > 20 * 3600_000, `retries span ${total / 3600_000} h`);
  assert.equal(nextRetryAt(RETRY_DELAYS_MS.length + 1, at), null);
});
