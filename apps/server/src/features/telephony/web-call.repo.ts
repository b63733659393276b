import type { Db, Queryable } from "../../platform/db.ts";
import { lockOrgLimits } from "../calls/org-limits-lock.ts";

/** Marks a browser test call in `calls.direction`: never counted as a campaign call, shown as a test. */
export const WEB_CALL_DIRECTION = "WEB";

/**
 * Browser test calls. The staff member who clicks "Test call" is the callee: the call row carries their
 * name, phone and email as the lead, and no contact (a test call is not an attempt on the contact list).
 */
export function createWebCallRepo(db: Db) {
  /** Test calls on the line in the organisation, in any process (a dead process's no longer count). */
  async function running(q: Queryable, orgId: string): Promise<number> {
    const [r] = await q.query<{ n: number }>(
      `select count(*)::int as n from calls where org_id = $1 and direction = '${WEB_CALL_DIRECTION}'
        and ended_at is null and lease_expires_at > now()`,
      [orgId],
    );
    return r!.n;
  }

  return {
    running: (orgId: string) => running(db, orgId),
    /**
     * Creates the call row of a test call placed by the user, leased for `leaseMs`, unless the organisation has
     * `max` on the line already ("busy"); null when the campaign is not the org's. The organisation's limits row
     * is locked meanwhile, as for an inbound call, so two sockets at once cannot both take the last place.
     */
    createTestCall(
      orgId: string,
      campaignId: string,
      userId: string,
      o: { max: number; leaseMs: number },
    ): Promise<string | "busy" | null> {
      return db.tx(async (q) => {
        await lockOrgLimits(q, orgId);
        if ((await running(q, orgId)) >= o.max) return "busy";
        const inserted = await q.query<{ id: string }>(
          `insert into calls (org_id, campaign_id, direction, lead_name, lead_phone, lead_email, service, status,
            answered_at, placed_by, lease_expires_at)
           select k.org_id, k.id, $4, trim(u.first_name || ' ' || u.last_name), u.phone, u.email, k.service,
             'in_progress', null, u.id,
                  now() + $5 * interval '1 millisecond'
             from campaigns k
             join memberships m on m.org_id = k.org_id and m.user_id = $3
             join users u on u.id = m.user_id
            where k.org_id = $1 and k.id = $2
           returning id`,
          [orgId, campaignId, userId, WEB_CALL_DIRECTION, o.leaseMs],
        );
        return inserted[0]?.id ?? null;
      });
    },
  };
}
export type WebCallRepo = ReturnType<typeof createWebCallRepo>;
