import type { Queryable } from "../../platform/db.ts";

/** A person answered: the call was picked up and it was not an answering machine. */
const CONNECTED = "c.answered_at is not null and coalesce(c.outcome, '') <> 'voicemail'";
const BOOKED = "c.outcome = 'scheduled'";
/** The calls of one organisation started in [$2, $3), optionally of one campaign ($4). */
// Browser test calls (direction WEB) are staff trying the agent, not calls to leads: never in the figures.
const IN_RANGE = "c.org_id = $1 and c.started_at >= $2 and c.started_at < $3 and ($4::uuid is null or c.campaign_id = $4) and c.direction <> 'WEB'";
/** Voice-to-voice gap of each measured agent turn (see LatencyMark in packages/voice). */
const TURN_GAPS = `(select (m->>'firstFrameSent')::float8 - (m->>'endOfSpeech')::float8 as gap
   from jsonb_array_elements(case when jsonb_typeof(c.latency) = 'array' then c.latency else '[]'::jsonb end) m
  where jsonb_typeof(m->'firstFrameSent') = 'number' and jsonb_typeof(m->'endOfSpeech') = 'number')`;

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
const SLOT = `floor(extract(epoch from c.started_at) / ${SLOT_SECONDS})`;

/** Read-only aggregates over the calls table for the analytics screen. */
export function createAnalyticsRepo(db: Queryable) {
  return {
    async campaignExists(orgId: string, campaignId: string): Promise<boolean> {
      const rows = await db.query("select 1 from campaigns where org_id = $1 and id = $2", [orgId, campaignId]);
      return rows.length > 0;
    },

    /**
     * One pass over the period's calls (PGlite scans slowly, and each call's latency marks are unpacked
     * once): totals per 15-minute slot for the charts, and per voice and per campaign for the tables.
     */
    async aggregate(r: Range): Promise<AggregateRow[]> {
      return db.query<AggregateRow>(
        `select case when grouping(${SLOT}) = 0 then 'slot' when grouping(k.voice_id) = 0 then 'voice' else 'campaign' end as kind,
                ${SLOT}::float8 as slot,
                k.voice_id, c.campaign_id, k.name,
                count(*)::int as calls,
                count(*) filter (where ${CONNECTED})::int as connected,
                count(*) filter (where ${BOOKED})::int as booked,
                count(*) filter (where c.sentiment = 'positive')::int as positive,
                count(*) filter (where c.sentiment = 'neutral')::int as neutral,
                count(*) filter (where c.sentiment = 'negative')::int as negative,
                count(*) filter (where c.sentiment is null or c.sentiment not in ('positive', 'neutral', 'negative'))::int as unrated,
                (avg(c.duration_secs) filter (where ${CONNECTED}))::float8 as avg_secs,
                coalesce(sum(l.total), 0)::float8 as gap_total, coalesce(sum(l.n), 0)::int as gap_n
           from calls c left join campaigns k on k.id = c.campaign_id
           cross join lateral (select sum(gap) as total, count(gap) as n from ${TURN_GAPS} g) l
          where ${IN_RANGE}
          group by grouping sets ((${SLOT}), (k.voice_id), (c.campaign_id, k.name))
          order by calls desc, voice_id, name`,
        params(r),
      );
    },

    /** Per campaign with calls in range: its contacts and how many of them were dialled, reached, keen, booked. */
    async funnel(r: Range): Promise<FunnelDbRow[]> {
      // Each contact's best result first (one row per contact), then counted per campaign: cheaper than count(distinct).
      return db.query<FunnelDbRow>(
        `select k.id as campaign_id, k.name,
                (select count(*)::int from contacts ct where ct.campaign_id = k.id) as contacts,
                count(*)::int as dialled,
                (count(*) filter (where p.connected))::int as connected,
                (count(*) filter (where p.interested))::int as interested,
                (count(*) filter (where p.booked))::int as booked
           from (select c.campaign_id,
                        bool_or(${CONNECTED}) as connected,
                        bool_or(${CONNECTED} and c.outcome in ('interested', 'scheduled')) as interested,
                        bool_or(${CONNECTED} and ${BOOKED}) as booked
                   from calls c where ${IN_RANGE} and c.contact_id is not null
                  group by c.campaign_id, c.contact_id) p
           join campaigns k on k.id = p.campaign_id
          group by k.id, k.name order by dialled desc, k.name`,
        params(r),
      );
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
