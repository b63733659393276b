import { waitPhrase } from "./throttle.ts";
import type { ThrottleRule } from "./throttle-rule.ts";

/**
 * Sign-in throttling policy. Every attempt first reserves one count on each of its keys, atomically in the
 * database (auth.repo.ts `reserveAttempt`), before the password is checked; a key whose count reaches its
 * limit is locked by that very reservation, so concurrent attempts past the limit are refused unchecked.
 * A correct password gives its count back. Counts live in a 15-minute window; locks double per further
 * failure up to a cap.
 *
 * Three keys per attempt, so a stranger's failures cannot lock the owner out:
 * - the account from this address: 5 failures, then the full lock (1 minute, doubling to 15) — the
 *   failing address itself is locked out of the account;
 * - the client address: 20 failures across all accounts, then the same full lock;
 * - the account from anywhere: 5 failures, then only a short delay (1 second, doubling to 1 minute). This
 *   caps guessing spread over many addresses at about one a minute, while the owner, signing in from
 *   another address, waits seconds at most. A refused attempt counts on no key (the reservation is rolled
 *   back), so an attacker already locked out at their address does not keep the delay growing.
 */
export const WINDOW_MS = 15 * 60_000;
export const LIMITS = { account: 5, address: 20 } as const;

const FULL_LOCK = { baseLockMs: 60_000, maxLockMs: 15 * 60_000 };
const SHORT_DELAY = { baseLockMs: 1_000, maxLockMs: 60_000 };

/**
 * `account` is the user's id when the login names an account, else the normalised login. Order matters: see the repo.
 */
export function signInRules(account: string, address: string): ThrottleRule[] {
  return [
    { key: `account:${account}|from:${address}`, limit: LIMITS.account, ...FULL_LOCK, forgiveOnSuccess: true },
    { key: `address:${address}`, limit: LIMITS.address, ...FULL_LOCK, forgiveOnSuccess: false },
    { key: `account:${account}`, limit: LIMITS.account, ...SHORT_DELAY, forgiveOnSuccess: true },
  ];
}

/** A small delay that grows with recent failures: slows guessing without hurting a typo. */
export function failureDelayMs(failures: number): number {
  return Math.min(failures * 150, 1500);
}

export function lockedMessage(ms: number): string {
  return `Too many failed sign-in attempts. Please wait ${waitPhrase(ms)} and try again.`;
}
