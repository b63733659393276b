import type { Queryable } from "../../platform/db.ts";

/** The rollups' key for calls without a campaign. */
const NO_CAMPAIGN = "00000000-0000-0000-0000-000000000000";

export type Range = { orgId: string; from: Date; to: Date; campaignId: string | null };
type Figures = { calls: number; connected: number; booked: number; avg_secs: number | null; gap_total: number; gap_n: number };
type Sentiments = { positive: number; neutral: number; negative: number; unrated: number };
/** One row of the combined aggregate: a 15-minute slot, a voice, or a campaign (by `kind`). */
export type AggregateRow = Figures & Sentiments & {
  kind: "slot" | "voice" | "campaign";
  slot: number | null; voice_id: string | null; campaign_id: string | null; name: string | null;
};
export type FunnelDbRow = { campaign_id: string; name: string; contacts: number; dialled: number; connected: number; interested: number; booked: number };

const params = (r: Range) => [r.orgId, r.from, r.to, r.campaignId];

/** Every time zone's offset is a whole number of quarter hours, so 15-minute slots fold into local hours. */
export const SLOT_SECONDS = 900;

/** Read-only aggregates over the calls and their rollups for the analytics screen. */
export function createAnalyticsRepo(db: Queryable) {
  return {
    async campaignExists(orgId: string, campaignId: string): Promise<boolean> {
      const rows = await db.query("select 1 from campaigns where org_id = $1 and id = $2", [orgId, campaignId]);
      return rows.length > 0;
    },

    /**
     * The period's figures per 15-minute slot for the charts, and per voice and per campaign for the tables,
     * from the rollups the calls' triggers keep (0200_call_rollups.sql): a quarter is a few thousand rows
     * however many calls it holds. The range's ends are quarter hours in every zone, so slots match it exactly.
     */
    async aggregate(r: Range): Promise<AggregateRow[]> {
      return db.query<AggregateRow>(
        `select case when grouping(r.slot) = 0 then 'slot' when grouping(k.voice_id) = 0 then 'voice' else 'campaign' end as kind,
                r.slot::float8 as slot, k.voice_id, nullif(r.campaign_key, '${NO_CAMPAIGN}') as campaign_id, k.name,
                sum(r.calls)::int as calls, sum(r.connected)::int as connected, sum(r.booked)::int as booked,
                sum(r.positive)::int as positive, sum(r.neutral)::int as neutral, sum(r.negative)::int as negative, sum(r.unrated)::int as unrated,
                (sum(r.connected_secs)::float8 / nullif(sum(r.connected), 0)) as avg_secs,
                sum(r.gap_total)::float8 as gap_total, sum(r.gap_n)::int as gap_n
           from call_rollups r left join campaigns k on k.id = r.campaign_key
          where r.org_id = $1 and r.slot >= floor(extract(epoch from $2::timestamptz) / ${SLOT_SECONDS}) and r.slot < ceil(extract(epoch from $3::timestamptz) / ${SLOT_SECONDS})
            and ($4::uuid is null or r.campaign_key = $4)
          group by grouping sets ((r.slot), (k.voice_id), (r.campaign_key, k.name))
         having sum(r.calls) > 0
          order by calls desc, voice_id, name`,
        params(r),
      );
    },

    /**
     * Per campaign, the contacts first dialled in range and how far they have got (reached, keen, booked),
     * from the funnel rollups (0200_call_rollups.sql), with the campaign's whole list for scale.
     */
    async funnel(r: Range): Promise<FunnelDbRow[]> {
      return db.query<FunnelDbRow>(
        `select k.id as campaign_id, k.name,
                (select count(*)::int from contacts ct where ct.campaign_id = k.id) as contacts,
                sum(f.dialled)::int as dialled, sum(f.connected)::int as connected,
                sum(f.interested)::int as interested, sum(f.booked)::int as booked
           from funnel_rollups f join campaigns k on k.id = f.campaign_id
          where f.org_id = $1 and f.slot >= floor(extract(epoch from $2::timestamptz) / ${SLOT_SECONDS}) and f.slot < ceil(extract(epoch from $3::timestamptz) / ${SLOT_SECONDS})
            and ($4::uuid is null or f.campaign_id = $4)
          group by k.id, k.name
         having sum(f.dialled) > 0
          order by dialled desc, k.name`,
        params(r),
      );
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
