import type { Logger } from "../../platform/logger.ts";
import type { WebhookDelivery } from "./webhook-delivery.ts";

/**
 * Runs delivery passes until stopped, like the dialer loop: one pass at a time, the next at once when a
 * pass found work, else after `intervalMs`. Any number of processes may run it on one PostgreSQL.
 */
export function startWebhookLoop(delivery: WebhookDelivery, opts: { log: Logger; intervalMs?: number }) {
  const interval = opts.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  const pass = async () => {
    let sent = 0;
    try {
      sent = await delivery.deliverDue();
    } catch (err) {
      opts.log.error({ err }, "webhook delivery pass failed");
    }
    if (!stopped) timer = setTimeout(() => (current = pass()), sent ? 0 : interval);
  };
  timer = setTimeout(() => (current = pass()), 0);
  return {
    /** Stops after the pass under way (its attempts are recorded before the database closes). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
