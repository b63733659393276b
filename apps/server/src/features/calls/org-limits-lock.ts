import type { Queryable } from "../../platform/db.ts";

/**
 * Locks the organisation's limits row for the rest of the transaction (made with the defaults if it has none yet)
 * and reads it. A place on the line (an inbound call, a test call) is taken under this lock, so two calls arriving
 * at once cannot both take the last one.
 */
export async function lockOrgLimits(
  q: Queryable,
  orgId: string,
): Promise<{ max_concurrent_calls: number | null; minutes_balance: number }> {
  await q.query("insert into org_limits (org_id) values ($1) on conflict (org_id) do nothing", [orgId]);
  const [row] = await q.query<{ max_concurrent_calls: number | null; minutes_balance: number }>(
    `select max_concurrent_calls, minutes_balance::float8 as minutes_balance from org_limits
      where org_id = $1 for update`,
    [orgId],
  );
  return row!;
}
