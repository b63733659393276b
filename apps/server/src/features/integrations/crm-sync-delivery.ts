import type { Clock } from "../../platform/clock.ts";
import { nextRetryAt, RETRY_DELAYS_MS } from "../../platform/retry-schedule.ts";
import { CrmAuthError, CrmError, type CrmProvider } from "./crm-provider.ts";
import type { CrmProviderName, CrmSyncRepo, DueCrmWrite } from "./crm-sync.repo.ts";

/** One CRM's connection as the sender needs it; another CRM adds one entry (crm-sync.wiring.ts). */
export type CrmConnection = {
  /** The adapter with the organisation's saved credential; null while it is not connected (or needs reconnecting). */
  open(orgId: string): Promise<CrmProvider | null>;
  /** The CRM refused the credential: the connection shows "reconnect"; answers the message the waiting writes carry. */
  refused(orgId: string, at: Date): Promise<string>;
};

type Deps = {
  repo: CrmSyncRepo;
  clock: Clock;
  connections: Record<CrmProviderName, CrmConnection>;
  batchSize?: number;
  leaseMs?: number;
};

/**
 * A meeting's cancellation goes out after the meeting itself (it needs the CRM's id of it): while that write still
 * waits, so does the cancellation; when it failed for good, the cancellation fails with it (both are tried again
 * on reconnecting). Null: nothing to wait for.
 */
function meetingNotWritten(w: DueCrmWrite): { error: string; retry: boolean } | null {
  if (w.kind !== "meeting_cancelled" || w.meeting_object_id) return null;
  if (w.meeting_status === "pending")
    return { error: "Waiting for the meeting itself to be written first.", retry: true };
  return {
    error: "The meeting itself could not be written to the CRM, so there is nothing to mark cancelled.",
    retry: false,
  };
}

/** The CRM could not be reached or was overwhelmed: the same write will work later. */
const isOutage = (err: unknown) =>
  !(err instanceof CrmError) || err.status === null || err.status === 429 || err.status >= 500;
const LAST_DELAY_MS = RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]!;

/**
 * Sends due CRM writes, the way webhook deliveries and meeting invitations are sent: one pass leases a batch
 * (other workers skip those rows) and records each attempt on the shared retry schedule (5 s … 8 h). An outage
 * never gives up (past the schedule, one try every 8 h), so nothing is lost; a refusal of the write itself (400,
 * 403, 404) fails it with HubSpot's reason until the connection is made again. A refused token (401) turns the
 * connection to "reconnect" and hands the organisation's writes back untried: they go out after reconnecting.
 */
export function createCrmSyncDelivery(deps: Deps) {
  const { repo, clock, connections } = deps;
  const batchSize = deps.batchSize ?? 10;
  // A write may take 15 s and three 10 s waits for HubSpot's rate limit: a batch of one organisation's writes
  // runs one after another, so the lease covers them all and no write is sent twice.
  const leaseMs = deps.leaseMs ?? 15 * 60_000;

  async function attempt(crm: CrmProvider, w: DueCrmWrite): Promise<"done" | "auth"> {
    const waiting = meetingNotWritten(w);
    if (waiting) {
      const at = clock.now();
      const retryAt = waiting.retry
        ? (nextRetryAt(w.attempts + 1, at) ?? new Date(at.getTime() + LAST_DELAY_MS))
        : null;
      await repo.recordAttempt(w.id, {
        status: retryAt ? "pending" : "failed",
        error: waiting.error,
        at,
        nextAt: retryAt ?? at,
        objectId: null,
      });
      return "done";
    }
    const activity =
      w.activity.kind === "meeting_cancelled" ? { ...w.activity, meetingId: w.meeting_object_id } : w.activity;
    try {
      const { id } = await crm.writeActivity(activity);
      const at = clock.now();
      await repo.recordAttempt(w.id, { status: "synced", error: null, at, nextAt: at, objectId: id });
      if (w.kind === "meeting") await repo.meetingWritten(w.call_id, at);
      return "done";
    } catch (err) {
      if (err instanceof CrmAuthError) return "auth";
      const at = clock.now();
      // A meeting deleted in the CRM since: nothing is left there to mark cancelled.
      if (w.kind === "meeting_cancelled" && err instanceof CrmError && err.status === 404) {
        await repo.recordAttempt(w.id, { status: "synced", error: null, at, nextAt: at, objectId: null });
        return "done";
      }
      const error = err instanceof CrmError ? err.message : `Could not write to HubSpot: ${(err as Error).message}.`;
      const retryAt = isOutage(err)
        ? (nextRetryAt(w.attempts + 1, at) ?? new Date(at.getTime() + LAST_DELAY_MS))
        : null;
      await repo.recordAttempt(w.id, {
        status: retryAt ? "pending" : "failed",
        error,
        at,
        nextAt: retryAt ?? at,
        objectId: null,
      });
      return "done";
    }
  }

  /** One organisation's writes to one CRM, in order; the first 401 stops them and marks the connection. */
  async function deliverOrg(writes: DueCrmWrite[]): Promise<void> {
    const { org_id: orgId, provider } = writes[0]!;
    const connection = connections[provider];
    const crm = await connection.open(orgId);
    if (!crm)
      return repo.release(
        writes.map((w) => w.id),
        "The CRM is not connected.",
      );
    for (const [i, w] of writes.entries()) {
      if ((await attempt(crm, w)) === "auth") {
        await repo.release(
          writes.slice(i).map((x) => x.id),
          await connection.refused(orgId, clock.now()),
        );
        return;
      }
    }
  }

  return {
    /** One pass; answers how many writes it took. */
    async deliverDue(): Promise<number> {
      const now = clock.now();
      const due = await repo.claimDue(now, new Date(now.getTime() + leaseMs), batchSize);
      const byConnection = new Map<string, DueCrmWrite[]>();
      for (const w of due) {
        const key = `${w.provider}:${w.org_id}`;
        byConnection.set(key, [...(byConnection.get(key) ?? []), w]);
      }
      await Promise.all([...byConnection.values()].map(deliverOrg));
      return due.length;
    },
  };
}
export type CrmSyncDelivery = ReturnType<typeof createCrmSyncDelivery>;
