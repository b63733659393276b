import type { Db } from "../../platform/db.ts";
import type { CallContextRow } from "../calls/calls.repo.ts";

/** Marks a browser test call in `calls.direction`: never counted as a campaign call, shown as a test. */
export const WEB_CALL_DIRECTION = "WEB";

/**
 * Browser test calls. The staff member who clicks "Test call" is the callee: the call row carries their
 * name, phone and email as the lead, and no contact (a test call is not an attempt on the contact list).
 */
export function createWebCallRepo(db: Db) {
  return {
    /** Creates the call row of a test call and reads the agent's context in the same transaction; null when the campaign is not the org's. */
    async createTestCall(orgId: string, campaignId: string, userId: string): Promise<CallContextRow | null> {
      return db.tx(async (tx) => {
        const inserted = await tx.query<{ id: string }>(
          `insert into calls (org_id, campaign_id, direction, lead_name, lead_phone, lead_email, service, status, answered_at)
           select k.org_id, k.id, $4, trim(u.first_name || ' ' || u.last_name), u.phone, u.email, k.service, 'in_progress', null
             from campaigns k
             join memberships m on m.org_id = k.org_id and m.user_id = $3
             join users u on u.id = m.user_id
            where k.org_id = $1 and k.id = $2
           returning id`,
          [orgId, campaignId, userId, WEB_CALL_DIRECTION],
        );
        const id = inserted[0]?.id;
        if (!id) return null;
        // The same columns as CallsRepo.context (a test pins them), with the signed-in user as the callee.
        const rows = await tx.query<CallContextRow>(
          `select c.id as call_id, c.org_id, o.name as org_name, k.id as campaign_id, k.name as campaign_name, k.description,
                  k.opening_line, k.goal, k.service, k.faqs, k.timezone, k.business_hours_start, k.business_hours_end, k.voice_id,
                  '' as contact_id, c.lead_name as contact_name, u.first_name, c.lead_phone as phone, c.lead_email as email,
                  '{}'::jsonb as variables, null as persona,
                  coalesce((select array_agg(document_id) from campaign_knowledge_bases b where b.campaign_id = k.id), '{}') as kb_document_ids,
                  coalesce((select array_agg(left(p.heading || ' ' || p.text, 400)) from (
                     select p.heading, p.text from kb_passages p join campaign_knowledge_bases b on b.document_id = p.document_id
                      where b.campaign_id = k.id and p.org_id = c.org_id order by p.position limit 40) p), '{}') as kb_phrases
             from calls c
             join organizations o on o.id = c.org_id
             join campaigns k on k.id = c.campaign_id
             join users u on u.id = $2
            where c.id = $1`,
          [id, userId],
        );
        return rows[0] ?? null;
      });
    },
  };
}
export type WebCallRepo = ReturnType<typeof createWebCallRepo>;
