import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import type { Queryable } from "../../apps/server/src/platform/db.ts";

/** Calls the dialer placed and closed in one contact-local hour: how many, and how many a person answered. */
export type DialledCell = { weekday: number; hour: number; dialled: number; people: number };

/**
 * Ended calls the dialer placed for a campaign, as it leaves them (an attempt, the contact's offset), started in the
 * given weekday (ISO) and hour on the contacts' clock at `offsetMins` from UTC, in the week of 2 February 2026.
 * The first `people` of each cell were answered by a person; the rest rang out. One multi-row insert per cell.
 */
export async function insertDialledCalls(
  db: Queryable,
  orgId: string,
  campaignId: string,
  cells: DialledCell[],
  offsetMins: number,
): Promise<void> {
  const abs = Math.abs(offsetMins);
  const zone = `UTC${offsetMins >= 0 ? "+" : "-"}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, "0")}`;
  for (const c of cells) {
    if (c.dialled === 0) continue;
    const local = DateTime.fromISO("2026-02-02T00:00", { zone }).plus({ days: c.weekday - 1, hours: c.hour });
    const rows = Array.from({ length: c.dialled }, (_, i) => {
      const startedAt = local.plus({ seconds: i }).toUTC().toISO()!;
      const person = i < c.people;
      return [
        orgId,
        campaignId,
        randomUUID(),
        startedAt,
        person ? startedAt : null,
        person ? "completed" : "no_answer",
      ];
    });
    const values = rows.map(
      (_, i) =>
        `($${i * 6 + 1}::uuid, $${i * 6 + 2}::uuid, $${i * 6 + 3}::uuid, $${i * 6 + 4}::timestamptz, ` +
        `$${i * 6 + 5}::timestamptz, $${i * 6 + 6})`,
    );
    await db.query(
      `insert into calls (org_id, campaign_id, attempt_id, started_at, answered_at, outcome, ended_at, status,
         lead_phone, contact_offset_mins)
       select v.org_id, v.campaign_id, v.attempt_id, v.started_at, v.answered_at, v.outcome,
              v.started_at + interval '40 seconds', 'completed', '+919876500000', ${Number(offsetMins)}
         from (values ${values.join(", ")}) as v(org_id, campaign_id, attempt_id, started_at, answered_at, outcome)`,
      rows.flat(),
    );
  }
}
