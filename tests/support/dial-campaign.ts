import type { Queryable } from "../../apps/server/src/platform/db.ts";

/**
 * A draft campaign, open all day, of one simulated contact per phone, each speaking `persona` (a script
 * such as "say:hello;hangup"), for tests that let real worker processes dial it once launched.
 */
export async function insertDialCampaign(db: Queryable, orgId: string, name: string, phones: string[], persona: string, timeGapSeconds = 2): Promise<string> {
  const [c] = await db.query<{ id: string }>(
    `insert into campaigns (org_id, name, status, timezone, business_hours_start, business_hours_end, max_attempts, time_gap_seconds, contact_count)
     values ($1, $2, 'draft', 'UTC', '00:00', '00:00', 3, $3, $4) returning id`,
    [orgId, name, timeGapSeconds, phones.length],
  );
  const values = phones.map((_, i) => `($1, $2, ${i + 2}, 'Contact ${i}', $${i + 4}, $3)`).join(",");
  await db.query(`insert into contacts (org_id, campaign_id, line_number, name, phone_e164, persona) values ${values}`, [orgId, c!.id, persona, ...phones]);
  return c!.id;
}

/** How many pairs of the campaign's calls had one contact on the line twice at the same time (should be 0). */
export async function overlappingCalls(db: Queryable, campaignId: string): Promise<number> {
  const rows = await db.query(
    `select 1 from calls a join calls b on a.contact_id = b.contact_id and a.id < b.id
      where a.campaign_id = $1 and a.started_at < coalesce(b.ended_at, now()) and b.started_at < coalesce(a.ended_at, now())`,
    [campaignId],
  );
  return rows.length;
}
