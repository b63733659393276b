import type { Queryable } from "../../platform/db.ts";
import type { CampaignCallStats } from "../campaigns/campaign-call-stats.ts";

/** Outcomes that count as a success on the campaign cards: the callee was interested or booked. */
const SUCCESS = ["interested", "scheduled"];

/** Calls made and success rate per campaign, counted from the calls the dialer placed. */
export function callStatsFromCalls(db: Queryable): CampaignCallStats {
  return async (orgId, campaignIds) => {
    const rows = campaignIds.length
      ? await db.query<{ campaign_id: string; made: number; ok: number }>(
          // 'WEB': browser test calls
          `select campaign_id, count(*)::int as made, count(*) filter (where outcome = any($3))::int as ok
           from calls where org_id = $1 and campaign_id = any($2) and direction <> 'WEB' group by campaign_id`,
          [orgId, campaignIds, SUCCESS],
        )
      : [];
    const by = new Map(rows.map((r) => [r.campaign_id, r]));
    return new Map(
      campaignIds.map((id) => {
        const r = by.get(id);
        return [id, { calls_made: r?.made ?? 0, success_rate: r && r.made ? Math.round((r.ok * 100) / r.made) : 0 }];
      }),
    );
  };
}
