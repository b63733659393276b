import type { ThrottleRow } from "./auth.repo.ts";

/**
 * Sign-in throttling policy, kept pure so it can be tested with a fixed clock.
 * Failures are counted in a 15-minute window; past the limit the key is locked,
 * for one minute at first and twice as long for each further failure, up to 15 minutes.
 */
export const WINDOW_MS = 15 * 60_000;
export const LIMITS = { account: 5, address: 20 } as const;
const MAX_LOCK_MS = 15 * 60_000;

export function lockedForMs(rows: ThrottleRow[], now: Date): number {
  let longest = 0;
  for (const r of rows) if (r.locked_until) longest = Math.max(longest, r.locked_until.getTime() - now.getTime());
  return longest;
}

export function afterFailure(prev: ThrottleRow | undefined, key: string, limit: number, now: Date): ThrottleRow {
  const fresh = !prev || now.getTime() - prev.window_started_at.getTime() > WINDOW_MS;
  const failures = fresh ? 1 : prev.failures + 1;
  const over = failures - limit;
  const locked_until = over >= 0 ? new Date(now.getTime() + Math.min(60_000 * 2 ** over, MAX_LOCK_MS)) : null;
  return { key, failures, window_started_at: fresh ? now : prev.window_started_at, locked_until };
}

/** A small delay that grows with recent failures: slows guessing without hurting a typo. */
export function failureDelayMs(failures: number): number {
  return Math.min(failures * 150, 1500);
}

export function lockedMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
