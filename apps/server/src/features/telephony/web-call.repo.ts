import type { Db } from "../../platform/db.ts";

/** Marks a browser test call in `calls.direction`: never counted as a campaign call, shown as a test. */
export const WEB_CALL_DIRECTION = "WEB";

/**
 * Browser test calls. The staff member who clicks "Test call" is the callee: the call row carries their
 * name, phone and email as the lead, and no contact (a test call is not an attempt on the contact list).
 */
export function createWebCallRepo(db: Db) {
  return {
    /** Creates the call row of a test call, placed by the user; null when the campaign is not the org's. */
    async createTestCall(orgId: string, campaignId: string, userId: string): Promise<string | null> {
      const inserted = await db.query<{ id: string }>(
        `insert into calls (org_id, campaign_id, direction, lead_name, lead_phone, lead_email, service, status, answered_at, placed_by)
         select k.org_id, k.id, $4, trim(u.first_name || ' ' || u.last_name), u.phone, u.email, k.service, 'in_progress', null, u.id
           from campaigns k
           join memberships m on m.org_id = k.org_id and m.user_id = $3
           join users u on u.id = m.user_id
          where k.org_id = $1 and k.id = $2
         returning id`,
        [orgId, campaignId, userId, WEB_CALL_DIRECTION],
      );
      return inserted[0]?.id ?? null;
    },
  };
}
export type WebCallRepo = ReturnType<typeof createWebCallRepo>;
