import type { DashboardChannel } from "@parley/shared/dashboard";
import type { Queryable } from "../../platform/db.ts";

/** Raw counts behind one set of dashboard metrics. */
export type MetricCounts = { campaigns: number; leads: number; calls: number; booked: number; avg_secs: number | null };

/** The balance new organisations start with (the column default in 0007_calls.sql, also the dialer's). */
const DEFAULT_MINUTES_BALANCE = 1000;

/**
 * The dashboard's counts. `channel` null means all channels. Calls are only placed by voice campaigns
 * (and by "call now", which also belongs to a voice campaign), so calls count for voice and for all.
 */
export function createDashboardRepo(db: Queryable) {
  return {
    async counts(orgId: string, channel: DashboardChannel | null): Promise<MetricCounts> {
      const withCalls = channel === null || channel === "voice";
      // One pass over the org's calls (filters, not three scans); campaigns and contacts are small beside it.
      const [row] = await db.query<MetricCounts>(
        `select
           (select count(*)::int from campaigns where org_id = $1 and ($2::text is null or channel = $2)) as campaigns,
           (select count(*)::int from contacts ct left join campaigns k on k.id = ct.campaign_id
             where ct.org_id = $1 and ($2::text is null or k.channel = $2)) as leads,
           c.calls, c.booked, c.avg_secs
         from (select count(*)::int as calls,
                      (count(*) filter (where outcome = 'scheduled'))::int as booked,
                      (avg(duration_secs) filter (where answered_at is not null and ended_at is not null and coalesce(outcome, '') <> 'voicemail'))::float8 as avg_secs
                 from calls where org_id = $1 and $3::boolean and direction <> 'WEB') c`, // browser test calls are not lead calls
        [orgId, channel, withCalls],
      );
      return row!;
    },

    /** The balance left (the dialer subtracts each call's minutes when it ends) and what was charged. */
    async minutes(orgId: string): Promise<{ balance: number; charged: number }> {
      const [row] = await db.query<{ balance: number | null; charged: number }>(
        `select (select minutes_balance::float8 from org_limits where org_id = $1) as balance,
                (select coalesce(sum(ceil(duration_secs / 60.0)), 0)::int from calls
                  where org_id = $1 and attempt_id is not null and ended_at is not null) as charged`,
        [orgId],
      );
      return { balance: row?.balance ?? DEFAULT_MINUTES_BALANCE, charged: row?.charged ?? 0 };
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
