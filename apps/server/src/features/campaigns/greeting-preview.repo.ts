import type { Db } from "../../platform/db.ts";
import type { CallContextRow } from "../calls/calls.repo.ts";
import { isUuid } from "./campaigns.repo.ts";

/** What a call's greeting is built from, for the campaign's first contact: the call context without a call. */
export type PreviewContextRow = Omit<CallContextRow, "call_id" | "persona" | "kb_document_ids" | "kb_phrases">;

export function createGreetingPreviewRepo(db: Db) {
  return {
    /** The campaign (null: none in this organisation) and its first contact by list line (null: no list yet). */
    async firstContact(orgId: string, campaignId: string): Promise<{ campaign: true; row: PreviewContextRow | null } | null> {
      if (!isUuid(campaignId)) return null;
      const found = await db.query<{ id: string }>("select id from campaigns where org_id = $1 and id = $2", [orgId, campaignId]);
      if (!found.length) return null;
      // The same columns and fallbacks as the call runner's context (calls.repo.ts), from the contact instead of a call.
      const rows = await db.query<PreviewContextRow>(
        `select k.org_id, o.name as org_name, coalesce(os.agent_name, '') as agent_name, coalesce(os.company_name, '') as company_name,
                k.id as campaign_id, k.name as campaign_name, k.description, k.opening_line, k.goal, k.service, k.faqs, k.timezone,
                k.business_hours_start, k.business_hours_end, k.voice_id,
                ct.id::text as contact_id, ct.name as contact_name, ct.first_name, ct.phone_e164 as phone,
                coalesce(ct.email, '') as email, coalesce(ct.variables, '{}'::jsonb) as variables
           from campaigns k
           join organizations o on o.id = k.org_id
           left join org_settings os on os.org_id = k.org_id
           join contacts ct on ct.campaign_id = k.id and ct.org_id = k.org_id
          where k.org_id = $1 and k.id = $2
          order by ct.line_number, ct.id
          limit 1`,
        [orgId, campaignId],
      );
      return { campaign: true, row: rows[0] ?? null };
    },
  };
}
export type GreetingPreviewRepo = ReturnType<typeof createGreetingPreviewRepo>;
