import type { Clock } from "../../platform/clock.ts";
import { nextRetryAt, RETRY_DELAYS_MS } from "../../platform/retry-schedule.ts";
import { CrmAuthError, CrmError, type CrmProvider } from "./crm-provider.ts";
import type { CrmSyncRepo, DueCrmWrite } from "./crm-sync.repo.ts";
import type { HubspotRepo } from "./hubspot.repo.ts";
import { RECONNECT } from "./hubspot.service.ts";
import type { SecretBox } from "./secret-box.ts";

type Deps = {
  repo: CrmSyncRepo; hubspot: Pick<HubspotRepo, "get" | "setStatus">; box: SecretBox; clock: Clock;
  provider(token: string): CrmProvider;
  batchSize?: number; leaseMs?: number;
};

/** The CRM could not be reached or was overwhelmed: the same write will work later. */
const isOutage = (err: unknown) => !(err instanceof CrmError) || err.status === null || err.status === 429 || err.status >= 500;
const LAST_DELAY_MS = RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]!;

/**
 * Sends due CRM writes, the way webhook deliveries and meeting invitations are sent: one pass leases a batch
 * (other workers skip those rows) and records each attempt on the shared retry schedule (5 s … 8 h). An outage
 * never gives up (past the schedule, one try every 8 h), so nothing is lost; a refusal of the write itself (400,
 * 403, 404) fails it with HubSpot's reason until the connection is made again. A refused token (401) turns the
 * connection to "reconnect" and hands the organisation's writes back untried: they go out after reconnecting.
 */
export function createCrmSyncDelivery(deps: Deps) {
  const { repo, hubspot, box, clock } = deps;
  const batchSize = deps.batchSize ?? 10;
  // A write may take 15 s and three 10 s waits for HubSpot's rate limit: a batch of one organisation's writes
  // runs one after another, so the lease covers them all and no write is sent twice.
  const leaseMs = deps.leaseMs ?? 15 * 60_000;

  async function attempt(crm: CrmProvider, w: DueCrmWrite): Promise<"done" | "auth"> {
    try {
      const { id } = await crm.writeActivity(w.activity);
      const at = clock.now();
      await repo.recordAttempt(w.id, { status: "synced", error: null, at, nextAt: at, objectId: id });
      return "done";
    } catch (err) {
      if (err instanceof CrmAuthError) return "auth";
      const at = clock.now();
      const error = err instanceof CrmError ? err.message : `Could not write to HubSpot: ${(err as Error).message}.`;
      const retryAt = isOutage(err) ? (nextRetryAt(w.attempts + 1, at) ?? new Date(at.getTime() + LAST_DELAY_MS)) : null;
      await repo.recordAttempt(w.id, { status: retryAt ? "pending" : "failed", error, at, nextAt: retryAt ?? at, objectId: null });
      return "done";
    }
  }

  /** One organisation's writes in order; the first 401 stops them and marks the connection. */
  async function deliverOrg(orgId: string, writes: DueCrmWrite[]): Promise<void> {
    const row = await hubspot.get(orgId);
    if (!row || row.status !== "connected") return repo.release(writes.map((w) => w.id), RECONNECT);
    const crm = deps.provider(box.open(row.secret_ciphertext, orgId));
    for (const [i, w] of writes.entries()) {
      if ((await attempt(crm, w)) === "auth") {
        await hubspot.setStatus(orgId, "reconnect", RECONNECT, clock.now());
        await repo.release(writes.slice(i).map((x) => x.id), RECONNECT);
        return;
      }
    }
  }

  return {
    /** One pass; answers how many writes it took. */
    async deliverDue(): Promise<number> {
      const now = clock.now();
      const due = await repo.claimDue(now, new Date(now.getTime() + leaseMs), batchSize);
      const byOrg = new Map<string, DueCrmWrite[]>();
      for (const w of due) byOrg.set(w.org_id, [...(byOrg.get(w.org_id) ?? []), w]);
      await Promise.all([...byOrg].map(([orgId, writes]) => deliverOrg(orgId, writes)));
      return due.length;
    },
  };
}
export type CrmSyncDelivery = ReturnType<typeof createCrmSyncDelivery>;
