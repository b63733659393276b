import type { Queryable } from "../../apps/server/src/platform/db.ts";
import { insertCampaign, insertContact } from "./seed.ts";

/**
 * A draft campaign, open all day, of one simulated contact per phone, each speaking `persona` (a script
 * such as "say:hello;hangup"), for tests that let real worker processes dial it once launched.
 */
export async function insertDialCampaign(
  db: Queryable,
  orgId: string,
  name: string,
  phones: string[],
  persona: string,
  timeGapSeconds = 2,
): Promise<string> {
  const campaignId = await insertCampaign(db, orgId, {
    name,
    status: "draft",
    timezone: "UTC",
    business_hours_start: "00:00",
    business_hours_end: "00:00",
    max_attempts: 3,
    time_gap_seconds: timeGapSeconds,
    contact_count: phones.length,
  });
  for (const [i, phone] of phones.entries()) {
    await insertContact(db, orgId, campaignId, {
      line_number: i + 2,
      name: `Contact ${i}`,
      phone_e164: phone,
      persona,
    });
  }
  return campaignId;
}

/** How many pairs of the campaign's calls had one contact on the line twice at the same time (should be 0). */
export async function overlappingCalls(db: Queryable, campaignId: string): Promise<number> {
  const rows = await db.query(
    `select 1 from calls a join calls b on a.contact_id = b.contact_id and a.id < b.id
      where a.campaign_id = $1 and a.started_at < coalesce(b.ended_at, now())
        and b.started_at < coalesce(a.ended_at, now())`,
    [campaignId],
  );
  return rows.length;
}
