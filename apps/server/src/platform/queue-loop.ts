import type { Logger } from "./logger.ts";

/**
 * Runs passes over a database queue until stopped, like the dialer loop: one pass at a time, the next at
 * once when a pass found work, else after `intervalMs`. Any number of processes may run it on one
 * PostgreSQL (the queues lease their rows). Webhook deliveries and meeting invitations run on it.
 */
export function startQueueLoop(pass: () => Promise<number>, opts: { log: Logger; what: string; intervalMs?: number }) {
  const interval = opts.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  const run = async () => {
    let done = 0;
    try {
      done = await pass();
    } catch (err) {
      opts.log.error({ err }, `${opts.what} pass failed`);
    }
    if (!stopped) timer = setTimeout(() => (current = run()), done ? 0 : interval);
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
