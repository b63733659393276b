/** Webhook deliveries retry on the platform's schedule (shared with meeting invitations). */
export { nextRetryAt, RETRY_DELAYS_MS } from "../../platform/retry-schedule.ts";
