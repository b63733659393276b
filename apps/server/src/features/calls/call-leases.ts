import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import { startQueueLoop } from "../../platform/queue-loop.ts";

/** What the call log says of a call whose process died mid-call (its lease ran out). */
export const ABANDONED_ERROR = "The call was cut off: the process answering it stopped before the call ended.";

/**
 * Calls run by the process that holds their row: inbound calls and browser test calls (a placed call's attempt
 * has the dialer's lease instead). Each row is leased for `leaseMs` (DIALER_LEASE_SECONDS) and renewed, by one
 * heartbeat for all of the process's calls, while the call lasts. `sweep`, from any process, closes as dropped
 * the calls whose process stopped renewing them, so a dead process's call neither stays "in progress" in the log
 * nor keeps holding one of the organisation's lines or test calls.
 */
export function createCallLeases(db: Db, o: { leaseMs: number; log: Logger }) {
  const held = new Set<string>();
  let heartbeat: NodeJS.Timeout | null = null;
  const renew = () =>
    db
      .query(
        `update calls set lease_expires_at = now() + $2 * interval '1 millisecond' where id = any($1)
          and ended_at is null`,
        [[...held], o.leaseMs],
      )
      .catch((err: Error) => o.log.warn({ err, calls: held.size }, "call leases not renewed"));
  return {
    leaseMs: o.leaseMs,
    /** This process runs the call (its row was created with a lease): keep renewing it. */
    hold(callId: string): void {
      held.add(callId);
      heartbeat ??= setInterval(renew, o.leaseMs / 3).unref();
    },
    release(callId: string): void {
      held.delete(callId);
      if (!held.size && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = null;
      }
    },
    /** Closes as dropped the calls whose lease ran out; how many. Any number of processes may sweep at once. */
    async sweep(): Promise<number> {
      const rows = await db.query(
        `update calls set status = 'dropped', outcome = coalesce(outcome, 'dropped'), ended_at = now(),
          error = coalesce(error, $1)
          where id in (select id from calls where ended_at is null and lease_expires_at < now() for update skip locked)
          returning id`,
        [ABANDONED_ERROR],
      );
      return rows.length;
    },
  };
}
export type CallLeases = ReturnType<typeof createCallLeases>;

/**
 * Every process sweeps, as every process runs the queue loops: inbound calls are answered wherever the
 * telephony reaches (the API process for Twilio, any SIP process) and test calls run on any API process.
 */
export function startLeaseSweepLoop(leases: CallLeases, opts: { log: Logger; intervalMs?: number }) {
  return startQueueLoop(() => leases.sweep(), {
    log: opts.log,
    what: "abandoned call recovery",
    intervalMs: opts.intervalMs ?? 10_000,
  });
}
