import type { Logger } from "../../platform/logger.ts";
import { startQueueLoop } from "../../platform/queue-loop.ts";
import type { WebhookDelivery } from "./webhook-delivery.ts";

/** Sends due webhook deliveries until stopped (see platform/queue-loop.ts). */
export function startWebhookLoop(delivery: WebhookDelivery, opts: { log: Logger; intervalMs?: number }) {
  return startQueueLoop(() => delivery.deliverDue(), { ...opts, what: "webhook delivery" });
}
