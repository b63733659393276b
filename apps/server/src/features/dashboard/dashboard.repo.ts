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
    /** The organisation's calls on the line now (placed, inbound and test calls). */
    async callsInProgress(orgId: string): Promise<number> {
      const [r] = await db.query<{ n: number }>(
        "select count(*)::int as n from calls where org_id = $1 and ended_at is null",
        [orgId],
      );
      return r?.n ?? 0;
    },
    async counts(orgId: string, channel: DashboardChannel | null): Promise<MetricCounts> {
      const withCalls = channel === null || channel === "voice";
      // The call figures add up the organisation's rollups (0200, 0230: kept by triggers as calls change;
      // browser test calls are not in them, they are not lead calls) instead of a pass over every call, and
      // leads its campaigns' contact counts (0232; every contact belongs to a campaign of its organisation).
      const [row] = await db.query<MetricCounts>(
        `select
           (select count(*)::int from campaigns where org_id = $1 and ($2::text is null or channel = $2)) as campaigns,
           (select coalesce(sum(cc.n), 0)::int from campaign_contact_counts cc join campaigns k on k.id = cc.campaign_id
             where k.org_id = $1 and ($2::text is null or k.channel = $2)) as leads,
           coalesce(r.calls, 0)::int as calls, coalesce(r.booked, 0)::int as booked,
           (r.ended_connected_secs::float8 / nullif(r.ended_connected, 0)) as avg_secs
         from (select sum(calls) as calls, sum(booked) as booked,
                      sum(ended_connected) as ended_connected, sum(ended_connected_secs) as ended_connected_secs
                 from call_rollups where org_id = $1 and $3::boolean) r`,
        [orgId, channel, withCalls],
      );
      return row!;
    },

    /** The balance left (the dialer subtracts each call's minutes when it ends) and what was charged. */
    async minutes(orgId: string): Promise<{ balance: number; charged: number }> {
      const [row] = await db.query<{ balance: number | null; charged: number }>(
        `select (select minutes_balance::float8 from org_limits where org_id = $1) as balance,
                (select coalesce(sum(charged_minutes), 0)::int from call_rollups where org_id = $1) as charged`,
        [orgId],
      );
      return { balance: row?.balance ?? DEFAULT_MINUTES_BALANCE, charged: row?.charged ?? 0 };
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
