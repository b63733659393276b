/**
 * Failed digest answers to our INVITE challenges, counted like failed sign-ins (the server's
 * features/auth/login-throttle.ts has the same keys and numbers): per account from one address, per address, and
 * per account from anywhere, in a 15-minute window. A key that reaches its limit is locked (answered 403 without
 * a check), for a time that doubles with each further failure up to a cap; the account from anywhere only gets a
 * short lock, so guessing spread over many addresses is slowed to about one a minute while the account's own PBX,
 * elsewhere, waits seconds at most. Every failure is also answered a little later than the one before.
 *
 * The counts live in this process's memory, not the database as sign-ins' do: one SIP socket takes a host's
 * INVITEs, and a database write for each unauthenticated datagram would let a flood load the database.
 */
export type DigestThrottleRule = {
  key: string;
  limit: number;
  baseLockMs: number;
  maxLockMs: number;
  /** On success: forget earlier failures (account keys), or keep them (an address shared by many). */
  forgiveOnSuccess: boolean;
};

export const WINDOW_MS = 15 * 60_000;
const FULL_LOCK = { baseLockMs: 60_000, maxLockMs: 15 * 60_000 };
const SHORT_LOCK = { baseLockMs: 1_000, maxLockMs: 60_000 };
/** Keys remembered at most; past this the least recently failed are forgotten. */
const MAX_KEYS = 20_000;

/** The keys of one attempt: `account` the user name it answered with, `address` the host it came from. */
export function digestRules(account: string, address: string): DigestThrottleRule[] {
  return [
    { key: `account:${account}|from:${address}`, limit: 5, ...FULL_LOCK, forgiveOnSuccess: true },
    { key: `address:${address}`, limit: 20, ...FULL_LOCK, forgiveOnSuccess: false },
    { key: `account:${account}`, limit: 5, ...SHORT_LOCK, forgiveOnSuccess: true },
  ];
}

/** How long a failure's 401 waits: grows with the failures before it, so guessing slows before any lock. */
export function failureDelayMs(failures: number): number {
  return Math.min(failures * 150, 1500);
}

type Entry = { failures: number; windowStartedAt: number; lockedUntil: number };

export function createDigestThrottle(o: { now?: () => number } = {}) {
  const now = o.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const e = entries.get(key);
    if (e && e.lockedUntil <= now() && now() - e.windowStartedAt >= WINDOW_MS) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const lockedMs = (rules: DigestThrottleRule[]) =>
    Math.max(0, ...rules.map((r) => (live(r.key)?.lockedUntil ?? 0) - now()));
  return {
    /** The time left on the longest lock among these keys; 0 when the attempt may be checked. */
    lockedMs,
    /**
     * Counts a failure on every key, locking those at their limit: answers the most failures any key holds and
     * the longest lock now on them.
     */
    failed(rules: DigestThrottleRule[]): { failures: number; lockedMs: number } {
      let most = 0;
      for (const r of rules) {
        const e = live(r.key) ?? { failures: 0, windowStartedAt: now(), lockedUntil: 0 };
        e.failures++;
        if (e.failures >= r.limit)
          e.lockedUntil = now() + Math.min(r.baseLockMs * 2 ** (e.failures - r.limit), r.maxLockMs);
        // Re-inserted, so the map's order is least recently failed first.
        entries.delete(r.key);
        entries.set(r.key, e);
        most = Math.max(most, e.failures);
      }
      for (const key of entries.keys()) {
        if (entries.size <= MAX_KEYS) break;
        entries.delete(key);
      }
      return { failures: most, lockedMs: lockedMs(rules) };
    },
    /** A right answer: the account's keys forget their failures; the address keeps its count. */
    succeeded(rules: DigestThrottleRule[]): void {
      for (const r of rules) if (r.forgiveOnSuccess) entries.delete(r.key);
    },
  };
}

export type DigestThrottle = ReturnType<typeof createDigestThrottle>;
