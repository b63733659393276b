import type { Queryable } from "../../platform/db.ts";

export type FunnelCampaignRow = {
  campaign_id: string;
  name: string;
  contacts: number;
  dialled: number;
  answered: number;
  people: number;
  conversations: number;
  qualified: number;
  booked: number;
};

export type FunnelVariantRow = Omit<FunnelCampaignRow, "name" | "contacts"> & { variant_id: string; label: string };

/**
 * Per campaign, the contacts first dialled in slots [fromSlot, toSlot) and how far they have got, from the funnel
 * rollups (0200_call_rollups.sql, stages of 0266_funnel_stages.sql, qualified of 0267_outcome_fields.sql): a year is
 * a few thousand rows per campaign.
 */
export function createFunnelRepo(db: Queryable) {
  return {
    async campaignExists(orgId: string, campaignId: string): Promise<boolean> {
      const rows = await db.query("select 1 from campaigns where org_id = $1 and id = $2", [orgId, campaignId]);
      return rows.length > 0;
    },

    async byCampaign(orgId: string, fromSlot: number, toSlot: number, campaignId: string | null) {
      return db.query<FunnelCampaignRow>(
        `select k.id as campaign_id, k.name, k.contact_count as contacts,
                sum(f.dialled)::int as dialled, sum(f.answered)::int as answered, sum(f.connected)::int as people,
                sum(f.conversations)::int as conversations, sum(f.booked)::int as booked,
                coalesce((select sum(q.qualified) from funnel_qualified q
                   where q.org_id = $1 and q.campaign_id = k.id and q.slot >= $2 and q.slot < $3), 0)::int as qualified
           from funnel_rollups f join campaigns k on k.id = f.campaign_id
          where f.org_id = $1 and f.slot >= $2 and f.slot < $3 and ($4::uuid is null or f.campaign_id = $4)
          group by k.id, k.name
         having sum(f.dialled) > 0
          order by dialled desc, k.name`,
        [orgId, fromSlot, toSlot, campaignId],
      );
    },

    /**
     * Per experiment variant of those campaigns, the contacts first called with it in the range and how far they
     * got on its calls, from the per-variant rollups (0271_experiments.sql). Qualified per variant is counted from
     * the qualified calls' answers of the variant (call_outcome_answers, only rows that qualified), for lack of a
     * per-variant rollup of it.
     */
    async byVariant(orgId: string, fromSlot: number, toSlot: number, campaignIds: string[]) {
      return db.query<FunnelVariantRow>(
        `select f.campaign_id, v.id as variant_id, v.label,
                sum(f.dialled)::int as dialled, sum(f.answered)::int as answered, sum(f.connected)::int as people,
                sum(f.conversations)::int as conversations, sum(f.booked)::int as booked,
                coalesce((select count(distinct a.contact_id) from call_outcome_answers a
                   join calls c on c.id = a.call_id and c.variant_id = v.id
                   join contact_variant_funnel cf on cf.contact_id = a.contact_id and cf.variant_id = v.id
                  where a.org_id = $1 and a.campaign_id = f.campaign_id and a.qualified
                    and cf.first_slot >= $2 and cf.first_slot < $3), 0)::int as qualified
           from variant_funnel_rollups f join campaign_variants v on v.id = f.variant_id
          where f.org_id = $1 and f.slot >= $2 and f.slot < $3 and f.campaign_id = any($4::uuid[])
          group by f.campaign_id, v.id, v.label
          order by v.label`,
        [orgId, fromSlot, toSlot, campaignIds],
      );
    },
  };
}
export type FunnelRepo = ReturnType<typeof createFunnelRepo>;
