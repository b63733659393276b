import assert from "node:assert/strict";
import { test } from "node:test";
import { failureDelayMs, lockedMessage, signInRules } from "./login-throttle.ts";
import type { ThrottleRule } from "./throttle-rule.ts";

/**
 * The lock the repository's SQL sets on the attempt numbered
 * `failures`: none under the limit, then doubling to the cap.
 */
function lockMs(rule: Pick<ThrottleRule, "limit" | "baseLockMs" | "maxLockMs">, failures: number): number {
  if (failures < rule.limit) return 0;
  return Math.min(rule.baseLockMs * 2 ** (failures - rule.limit), rule.maxLockMs);
}

test("the account from one address and the address get the full lock; the account from anywhere a short delay", () => {
  const [fromHere, address, anywhere] = signInRules("user:42", "203.0.113.7");
  assert.equal(fromHere!.key, "account:user:42|from:203.0.113.7");
  assert.equal(address!.key, "address:203.0.113.7");
  assert.equal(anywhere!.key, "account:user:42");
  assert.equal(lockMs(fromHere!, 4), 0);
  assert.equal(lockMs(fromHere!, 5), 60_000);
  assert.equal(lockMs(fromHere!, 6), 120_000);
  assert.equal(lockMs(fromHere!, 50), 15 * 60_000);
  assert.equal(lockMs(address!, 19), 0);
  assert.equal(lockMs(address!, 20), 60_000);
  assert.equal(lockMs(anywhere!, 5), 1_000);
  assert.equal(lockMs(anywhere!, 7), 4_000);
  assert.equal(lockMs(anywhere!, 50), 60_000);
  assert.equal(address!.forgiveOnSuccess, false);
});

test("messages say seconds under a minute, whole minutes above; the delay is capped", () => {
  assert.equal(lockedMessage(61_000), "Too many failed sign-in attempts. Please wait 2 minutes and try again.");
  assert.equal(lockedMessage(60_000), "Too many failed sign-in attempts. Please wait 1 minute and try again.");
  assert.equal(lockedMessage(1_000), "Too many failed sign-in attempts. Please wait 1 second and try again.");
  assert.equal(lockedMessage(3_500), "Too many failed sign-in attempts. Please wait 4 seconds and try again.");
  assert.equal(lockedMessage(59_000), "Too many failed sign-in attempts. Please wait 1 minute and try again.");
  assert.equal(failureDelayMs(100), 1500);
});
