import type { Queryable } from "../../platform/db.ts";

/** The rollups' key for calls without a campaign. */
const NO_CAMPAIGN = "00000000-0000-0000-0000-000000000000";

/**
 * An organisation's period, as the 15-minute slot numbers its buckets start at followed by the slot its last
 * bucket ends at (floor(epoch / 900)), optionally of one campaign.
 */
export type Range = { orgId: string; bounds: number[]; campaignId: string | null };
type Figures = {
  calls: number;
  connected: number;
  booked: number;
  avg_secs: number | null;
  gap_total: number;
  gap_n: number;
};
type Sentiments = { positive: number; neutral: number; negative: number; unrated: number };
/** One row of the combined aggregate: a bucket of the period (1-based), a voice, or a campaign (by `kind`). */
export type AggregateRow = Figures &
  Sentiments & {
    kind: "bucket" | "voice" | "campaign";
    bucket: number | null;
    voice_id: string | null;
    campaign_id: string | null;
    name: string | null;
  };
export type FunnelDbRow = {
  campaign_id: string;
  name: string;
  contacts: number;
  dialled: number;
  connected: number;
  interested: number;
  booked: number;
};

const params = (r: Range) => [r.orgId, r.bounds, r.campaignId];
/** The rollups of the range: slot numbers are compared as they are stored, so the primary key finds them. */
const IN_RANGE = (alias: string) =>
  `${alias}.org_id = $1 and ${alias}.slot >= ($2::bigint[])[1] and ` +
  `${alias}.slot < ($2::bigint[])[array_length($2::bigint[], 1)]`;

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
     * The period's figures per bucket (an hour, a day or a week of the zone) for the charts, and per voice and
     * per campaign for the tables, from the rollups the calls' triggers keep (0200_call_rollups.sql): a
     * quarter is a few thousand rows however many calls it holds. Every zone's offset is a whole number of
     * quarter hours, so the buckets' bounds are slot numbers and slots fall into them exactly.
     */
    async aggregate(r: Range): Promise<AggregateRow[]> {
      return db.query<AggregateRow>(
        `select case when grouping(b.bucket) = 0 then 'bucket' when grouping(k.voice_id) = 0 then 'voice'
          else 'campaign' end as kind,
                b.bucket, k.voice_id, nullif(r.campaign_key, '${NO_CAMPAIGN}') as campaign_id, k.name,
                sum(r.calls)::int as calls, sum(r.connected)::int as connected, sum(r.booked)::int as booked,
                sum(r.positive)::int as positive, sum(r.neutral)::int as neutral, sum(r.negative)::int as negative,
                  sum(r.unrated)::int as unrated,
                (sum(r.connected_secs)::float8 / nullif(sum(r.connected), 0)) as avg_secs,
                sum(r.gap_total)::float8 as gap_total, sum(r.gap_n)::int as gap_n
           from call_rollups r left join campaigns k on k.id = r.campaign_key
          cross join lateral (select width_bucket(r.slot, $2::bigint[]) as bucket) b
          where ${IN_RANGE("r")} and ($3::uuid is null or r.campaign_key = $3)
          group by grouping sets ((b.bucket), (k.voice_id), (r.campaign_key, k.name))
         having sum(r.calls) > 0
          order by calls desc, voice_id, name`,
        params(r),
      );
    },

    /**
     * Per campaign, the contacts first dialled in range and how far they have got (reached, keen, booked),
     * from the funnel rollups (0200_call_rollups.sql), with the size of the campaign's list (kept by its imports:
     * counting a list of 40,000 contacts on every request cost PGlite 400 ms).
     */
    async funnel(r: Range): Promise<FunnelDbRow[]> {
      return db.query<FunnelDbRow>(
        `select k.id as campaign_id, k.name,
                k.contact_count as contacts,
                sum(f.dialled)::int as dialled, sum(f.connected)::int as connected,
                sum(f.interested)::int as interested, sum(f.booked)::int as booked
           from funnel_rollups f join campaigns k on k.id = f.campaign_id
          where ${IN_RANGE("f")} and ($3::uuid is null or f.campaign_id = $3)
          group by k.id, k.name
         having sum(f.dialled) > 0
          order by dialled desc, k.name`,
        params(r),
      );
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
