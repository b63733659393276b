import { LiveTranscriptLine, type LiveCallRow } from "@parley/shared/analytics";
import type { Queryable } from "../../platform/db.ts";

const LIVE_CALLS_SHOWN = 50;

type Row = {
  call_id: string;
  contact_name: string;
  phone: string;
  campaign_id: string | null;
  campaign_name: string;
  status: string;
  started_at: Date;
  answered_at: Date | null;
  prev_line: unknown;
  last_line: unknown;
};

/**
 * The organisation's calls on the line now (ringing or talking), dialler and "call now" alike.
 * `since` drops rows a crashed process left open: no call lasts that long (the session's hard limit is 10 min).
 */
export function createLiveCallsRepo(db: Queryable) {
  return {
    async list(orgId: string, since: Date): Promise<LiveCallRow[]> {
      const rows = await db.query<Row>(
        `select c.id as call_id, coalesce(nullif(ct.name, ''), c.lead_name) as contact_name, c.lead_phone as phone,
                c.campaign_id, coalesce(k.name, '') as campaign_name, c.status, c.started_at, c.answered_at,
                case when jsonb_array_length(c.transcript) > 1 then c.transcript -> -2 end as prev_line,
                c.transcript -> -1 as last_line
           from calls c left join contacts ct on ct.id = c.contact_id left join campaigns k on k.id = c.campaign_id
          where c.org_id = $1 and c.ended_at is null and c.status in ('ringing', 'in_progress') and c.started_at > $2
          order by c.started_at, c.id limit ${LIVE_CALLS_SHOWN}`,
        [orgId, since],
      );
      return rows.map((r) => ({
        call_id: r.call_id,
        contact_name: r.contact_name,
        phone: r.phone,
        campaign_id: r.campaign_id,
        campaign_name: r.campaign_name,
        status: r.status,
        started_at: r.started_at.toISOString(),
        answered_at: r.answered_at?.toISOString() ?? null,
        last_lines: [r.prev_line, r.last_line].flatMap((l) => {
          const line = LiveTranscriptLine.safeParse(l);
          return line.success ? [{ speaker: line.data.speaker, text: line.data.text }] : [];
        }),
      }));
    },
  };
}
export type LiveCallsRepo = ReturnType<typeof createLiveCallsRepo>;
