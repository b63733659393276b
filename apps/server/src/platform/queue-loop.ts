import { createOutageWatch } from "./db-outage.ts";
import type { Logger } from "./logger.ts";

/**
 * Runs passes over a database queue until stopped, like the dialer loop: one pass at a time, the next at
 * once when a pass found work, else after `intervalMs`. Any number of processes may run it on one
 * PostgreSQL (the queues lease their rows). Webhook deliveries and meeting invitations run on it.
 * A database out of reach is said once and waited out with a back-off (platform/db-outage.ts).
 */
export function startQueueLoop(pass: () => Promise<number>, opts: { log: Logger; what: string; intervalMs?: number }) {
  const interval = opts.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  const outage = createOutageWatch({ log: opts.log, what: opts.what, intervalMs: interval });
  const run = async () => {
    let wait = interval;
    try {
      if (await pass()) wait = 0;
      outage.succeeded();
    } catch (err) {
      wait = outage.failed(err);
    }
    if (!stopped) timer = setTimeout(() => (current = run()), wait);
  };
  timer = setTimeout(() => (current = run()), 0);
  return {
    /** Stops after the pass under way (its attempts are recorded before the database closes). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
export type QueueLoop = ReturnType<typeof startQueueLoop>;
