/**
 * How long to wait after each failed attempt before the next (the schedule Svix and the Standard Webhooks
 * guidance use, cut to one day): 5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h. About 23.6 hours after the first
 * try the 8th attempt is the last; if it fails too the queued item gives up. Webhook deliveries and meeting
 * invitations both retry on it.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 28_800_000, 28_800_000];

/** When to try again after `attempts` failed attempts (1 = the first try failed); null: give up. */
export function nextRetryAt(attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
