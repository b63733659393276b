import type { Queryable } from "../../platform/db.ts";
import type { CrmActivity, CrmActivityKind } from "./crm-provider.ts";

export type CrmProviderName = "hubspot";
export type DueCrmWrite = {
  id: string;
  org_id: string;
  call_id: string;
  provider: CrmProviderName;
  kind: CrmActivityKind;
  activity: CrmActivity;
  attempts: number;
  /** For a meeting's cancellation: the CRM's id of that call's meeting and where its own write stands (null: none). */
  meeting_object_id: string | null;
  meeting_status: CrmWriteRow["status"] | null;
};
export type CrmWriteRow = {
  kind: CrmActivityKind;
  status: "pending" | "synced" | "failed";
  last_error: string | null;
  next_attempt_at: Date;
  synced_at: Date | null;
  provider: CrmProviderName;
  /** The connection's status now (null: disconnected). */
  connection: string | null;
};

/** The queue of writes back to the CRM (crm_writes), and where a call's contact came from. */
export function createCrmSyncRepo(db: Queryable) {
  return {
    /**
     * The contact's HubSpot id, kept as the {{hubspot_id}} variable by the CRM import; null for a call whose
     * contact did not come from HubSpot (a CSV upload, a test call).
     */
    async hubspotId(orgId: string, callId: string): Promise<string | null> {
      const [row] = await db.query<{ hubspot_id: string | null }>(
        `select ct.variables->>'hubspot_id' as hubspot_id from calls k join contacts ct on ct.id = k.contact_id
          and ct.org_id = k.org_id
          where k.org_id = $1 and k.id = $2`,
        [orgId, callId],
      );
      const id = row?.hubspot_id?.trim();
      return id ? id : null;
    },

    /** Queues a call's writes; a call already queued (the event delivered twice) keeps its first ones. */
    async enqueue(
      orgId: string,
      callId: string,
      provider: CrmProviderName,
      activities: CrmActivity[],
      at: Date,
    ): Promise<void> {
      if (!activities.length) return;
      const params: unknown[] = [orgId, callId, provider, at];
      const rows = activities.map((a) => {
        params.push(a.kind, a.contactId, JSON.stringify(a));
        const n = params.length;
        return `($1, $2, $3, $${n - 2}, $${n - 1}, $${n}::jsonb, $4)`;
      });
      await db.query(
        `insert into crm_writes (org_id, call_id, provider, kind, crm_contact_id, activity, next_attempt_at)
         values ${rows.join(", ")} on conflict (call_id, kind) do nothing`,
        params,
      );
    },

    /** Whether the call queued a write of this kind (its meeting, say). */
    async hasWrite(orgId: string, callId: string, kind: CrmActivityKind): Promise<boolean> {
      return (
        (
          await db.query("select 1 from crm_writes where org_id = $1 and call_id = $2 and kind = $3", [
            orgId,
            callId,
            kind,
          ])
        ).length > 0
      );
    },

    /** Leases due writes of connections that work; other workers skip the leased rows. */
    claimDue: (now: Date, leaseUntil: Date, limit: number) =>
      db.query<DueCrmWrite>(
        `update crm_writes set lease_until = $2
          where id in (
            select w.id from crm_writes w join integrations i on i.org_id = w.org_id and i.kind = w.provider
              and i.status = 'connected'
             where w.status = 'pending' and w.next_attempt_at <= $1 and (w.lease_until is null or w.lease_until <= $1)
             order by w.next_attempt_at, w.created_at, w.kind limit ${Math.trunc(limit)} for update of w skip locked)
          returning id, org_id, call_id, provider, kind, activity, attempts,
            (select m.crm_object_id from crm_writes m where m.call_id = crm_writes.call_id
              and m.kind = 'meeting') as meeting_object_id,
            (select m.status from crm_writes m where m.call_id = crm_writes.call_id
              and m.kind = 'meeting') as meeting_status`,
        [now, leaseUntil],
      ),

    async recordAttempt(
      id: string,
      a: {
        status: "pending" | "synced" | "failed";
        error: string | null;
        at: Date;
        nextAt: Date;
        objectId: string | null;
      },
    ): Promise<void> {
      await db.query(
        `update crm_writes set status = $2, attempts = attempts + 1, last_error = $3, last_attempt_at = $4,
          next_attempt_at = $5,
                lease_until = null, crm_object_id = coalesce($6, crm_object_id),
                synced_at = case when $2::text = 'synced' then $4::timestamptz else synced_at end
          where id = $1`,
        [id, a.status, a.error, a.at, a.nextAt, a.objectId],
      );
    },

    /**
     * A call's meeting reached the CRM: its cancellation, if one waits for it, is due now rather than at its next try.
     */
    async meetingWritten(callId: string, at: Date): Promise<void> {
      await db.query(
        `update crm_writes set next_attempt_at = $2 where call_id = $1 and kind = 'meeting_cancelled'
          and status = 'pending'`,
        [callId, at],
      );
    },

    /** Hands leased writes back untried and uncounted (their connection stopped working): they wait for it. */
    async release(ids: string[], error: string): Promise<void> {
      if (ids.length)
        await db.query("update crm_writes set lease_until = null, last_error = $2 where id = any($1::uuid[])", [
          ids,
          error,
        ]);
    },

    /** After a (re)connection: writes that had failed for good are tried again from the start of the schedule. */
    async rearmFailed(orgId: string, provider: CrmProviderName, at: Date): Promise<void> {
      await db.query(
        `update crm_writes set status = 'pending', attempts = 0, next_attempt_at = $3 where org_id = $1
          and provider = $2 and status = 'failed'`,
        [orgId, provider, at],
      );
    },

    forCall: (orgId: string, callId: string) =>
      db.query<CrmWriteRow>(
        `select w.kind, w.status, w.last_error, w.next_attempt_at, w.synced_at, w.provider, i.status as connection
           from crm_writes w left join integrations i on i.org_id = w.org_id and i.kind = w.provider
          where w.org_id = $1 and w.call_id = $2 order by w.created_at, w.kind`,
        [orgId, callId],
      ),
  };
}
export type CrmSyncRepo = ReturnType<typeof createCrmSyncRepo>;
