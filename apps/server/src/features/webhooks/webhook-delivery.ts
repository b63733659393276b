import type { Clock } from "../../platform/clock.ts";
import type { PostWebhook } from "./webhook-poster.ts";
import { nextRetryAt } from "./webhook-retry.ts";
import { signedHeaders } from "./webhook-signer.ts";
import type { DueDelivery, WebhooksRepo } from "./webhooks.repo.ts";

type Deps = {
  repo: WebhooksRepo;
  post: PostWebhook;
  clock: Clock;
  /** Opens a sealed secret of the organisation (secret-box.ts). */
  open(sealed: string, orgId: string): string;
  batchSize?: number;
  leaseMs?: number;
};

/** The delivery log keeps 30 days: older delivered and failed rows are deleted, at most once an hour per process. */
export const DELIVERY_KEEP_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Sends due deliveries. One pass leases a batch (other workers skip those rows), posts them in parallel
 * and records each attempt: a 2xx is delivered; anything else (timeout, refusal, non-2xx) is tried again
 * later on the retry schedule, and after the last attempt the delivery fails and marks its endpoint failing.
 */
export function createWebhookDelivery(deps: Deps) {
  const { repo, post, clock } = deps;
  const batchSize = deps.batchSize ?? 20;
  // Longer than a send can take (the poster times out first), so a live send is never taken twice.
  const leaseMs = deps.leaseMs ?? 60_000;
  let prunedAt = -Infinity;

  async function send(d: DueDelivery): Promise<void> {
    const sentAt = clock.now();
    const secrets = [d.secret, d.previous_secret].flatMap((s) => (s ? [deps.open(s, d.org_id)] : []));
    const result = await post(d.url, signedHeaders(secrets, d.message_id, sentAt, d.body), d.body);
    const at = clock.now();
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const retryAt = ok ? null : nextRetryAt(d.attempts + 1, at);
    const status = ok ? "delivered" : retryAt ? "pending" : "failed";
    await repo.recordAttempt(d.id, {
      status,
      statusCode: result.statusCode,
      error: result.error,
      response: result.response,
      at,
      nextAt: retryAt ?? at,
    });
    if (ok) await repo.setFailing(d.endpoint_id, null);
    if (status === "failed") await repo.setFailing(d.endpoint_id, at);
  }

  async function prune(): Promise<number> {
    prunedAt = clock.now().getTime();
    return repo.pruneFinished(new Date(prunedAt - DELIVERY_KEEP_MS));
  }

  return {
    /** Deletes finished deliveries older than DELIVERY_KEEP_MS; answers how many. */
    prune,
    /** One pass; answers how many deliveries it attempted. */
    async deliverDue(): Promise<number> {
      const now = clock.now();
      // A cheap delete on the pass that is running anyway, so the log does not grow without end.
      if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) await prune();
      const due = await repo.claimDue(now, new Date(now.getTime() + leaseMs), batchSize);
      await Promise.all(due.map(send));
      return due.length;
    },
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
