import type { AnswerProperty } from "@parley/shared/outcome-field-crm";
import type { Db, Queryable } from "../../platform/db.ts";

/** Which contact property of the campaign's CRM each qualifying field is written to (outcome_field_crm). */
export function createOutcomeFieldCrmRepo(db: Db) {
  return {
    hubspot: (orgId: string, campaignId: string) =>
      db.query<AnswerProperty>(
        `select field_key as field, property from outcome_field_crm
          where org_id = $1 and campaign_id = $2 and provider = 'hubspot' order by field_key`,
        [orgId, campaignId],
      ),

    /** Replaces the campaign's HubSpot mapping. */
    async setHubspot(orgId: string, campaignId: string, mapping: AnswerProperty[]): Promise<void> {
      await db.tx(async (q) => {
        await q.query("delete from outcome_field_crm where org_id = $1 and campaign_id = $2 and provider = 'hubspot'", [
          orgId,
          campaignId,
        ]);
        if (!mapping.length) return;
        const params: unknown[] = [orgId, campaignId];
        const rows = mapping.map((m) => {
          params.push(m.field, m.property);
          return `($1, $2, 'hubspot', $${params.length - 1}, $${params.length})`;
        });
        await q.query(
          `insert into outcome_field_crm (org_id, campaign_id, provider, field_key, property)
           values ${rows.join(", ")}`,
          params,
        );
      });
    },

    /** A duplicated campaign writes its answers where the original does (inside the duplicate's transaction). */
    async copy(q: Queryable, orgId: string, fromId: string, toId: string): Promise<void> {
      await q.query(
        `insert into outcome_field_crm (org_id, campaign_id, provider, field_key, property)
         select org_id, $3, provider, field_key, property from outcome_field_crm
          where org_id = $1 and campaign_id = $2`,
        [orgId, fromId, toId],
      );
    },
  };
}
export type OutcomeFieldCrmRepo = ReturnType<typeof createOutcomeFieldCrmRepo>;
