import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db.ts";
import { AppError } from "../../http/errors.ts";
import type { AuthRepo, Reservation } from "./auth.repo.ts";
import type { ThrottleRule } from "./throttle-rule.ts";

/**
 * Counts uses of keys in the database (table auth_throttle), shared by every API process: sign-in attempts,
 * sign-ups, new organisations. Written by hand because the limit must hold across processes and be taken
 * before the work is done, atomically; an in-memory rate-limit plugin would do neither.
 */
export function createThrottle(deps: { db: Db; repo: AuthRepo; clock: Clock }) {
  const { db, repo, clock } = deps;
  return {
    /**
     * Counts one use on every rule's key in one transaction. When any key is locked nothing is counted (the
     * transaction rolls back) and the answer is 429 with Retry-After and `message(wait)`. Callers list keys
     * in a fixed order of kinds, so concurrent transactions cannot deadlock.
     */
    async reserve(
      rules: ThrottleRule[],
      windowMs: number,
      message: (waitMs: number) => string,
    ): Promise<Reservation[]> {
      const now = clock.now();
      let waitMs = 0;
      try {
        return await db.tx(async (q) => {
          const reserved: Reservation[] = [];
          for (const rule of rules) {
            const r = await repo.reserveAttempt(q, rule, now, windowMs);
            if (r.refused) {
              waitMs = (r.locked_until?.getTime() ?? 0) - now.getTime();
              throw new Refused();
            }
            reserved.push(r);
          }
          return reserved;
        });
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        throw new AppError("rate_limited", message(waitMs), undefined, {
          "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))),
        });
      }
    },
    /** Gives back uses that did not happen after all (a correct password, a sign-up that failed). */
    async refund(rules: ThrottleRule[], reserved: Reservation[]): Promise<void> {
      for (const [i, rule] of rules.entries()) if (reserved[i]) await repo.refundAttempt(rule, reserved[i]);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

class Refused extends Error {}

export const HOUR_MS = 3_600_000;

/** N uses an hour per key: the Nth locks the key for an hour (see repo.reserveAttempt). */
export function hourlyRule(key: string, perHour: number): ThrottleRule {
  return { key, limit: perHour, baseLockMs: HOUR_MS, maxLockMs: HOUR_MS, forgiveOnSuccess: false };
}

/** "4 seconds", "1 minute", "12 minutes": seconds only for short waits, whole minutes (rounded up) beyond. */
export function waitPhrase(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds <= 30) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
