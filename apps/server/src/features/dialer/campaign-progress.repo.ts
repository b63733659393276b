import { LiveCallLine, PROGRESS_OUTCOMES, type CampaignProgress, type ProgressLiveCall } from "@parley/shared/campaign-progress";
import type { CampaignStatus } from "@parley/shared/campaigns";
import type { Queryable } from "../../platform/db.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIVE_CALLS_SHOWN = 20;

type LiveRow = { call_id: string; name: string; phone: string; status: string; started_at: Date; last_line: unknown };

/**
 * A campaign's progress read from the dialer's queue and the calls it placed. Each contact counts once,
 * by its newest attempt: a contact has at most one open attempt, and that one is always its newest.
 */
export function createCampaignProgressRepo(db: Queryable) {
  async function counts(campaignId: string) {
    const rows = await db.query<{ status: string; outcome: string; n: number }>(
      `select status, outcome, count(*)::int as n from (
         select distinct on (contact_id) status, coalesce(outcome, status) as outcome
         from call_attempts where campaign_id = $1 order by contact_id, attempt_number desc) last
       group by status, outcome`,
      [campaignId],
    );
    const byOutcome: Record<string, number> = Object.fromEntries(PROGRESS_OUTCOMES.map((o) => [o, 0]));
    const total = { pending: 0, in_progress: 0, done: 0 };
    for (const r of rows) {
      if (r.status === "pending" || r.status === "in_progress") total[r.status] += r.n;
      else {
        total.done += r.n;
        byOutcome[r.outcome] = (byOutcome[r.outcome] ?? 0) + r.n;
      }
    }
    return { ...total, by_outcome: byOutcome };
  }

  async function liveCalls(campaignId: string): Promise<ProgressLiveCall[]> {
    const rows = await db.query<LiveRow>(
      `select c.id as call_id, coalesce(ct.name, '') as name, ct.phone_e164 as phone, c.status, c.started_at, c.transcript -> -1 as last_line
       from call_attempts a join calls c on c.id = a.call_id join contacts ct on ct.id = a.contact_id
       where a.campaign_id = $1 and a.status = 'in_progress' order by c.started_at, c.id limit ${LIVE_CALLS_SHOWN}`,
      [campaignId],
    );
    return rows.map((r) => {
      const line = LiveCallLine.safeParse(r.last_line);
      return {
        call_id: r.call_id,
        contact_name: r.name,
        phone: r.phone,
        status: r.status,
        started_at: r.started_at.toISOString(),
        last_line: line.success ? { speaker: line.data.speaker, text: line.data.text } : null,
      };
    });
  }

  return {
    /** The org's campaign's progress now; null when the org has no such campaign. */
    async snapshot(orgId: string, campaignId: string): Promise<CampaignProgress | null> {
      if (!UUID.test(campaignId)) return null;
      const [c] = await db.query<{ status: CampaignStatus; status_reason: string | null; contacts: number }>(
        `select status, status_reason, (select count(*)::int from contacts where campaign_id = $2) as contacts
         from campaigns where org_id = $1 and id = $2`,
        [orgId, campaignId],
      );
      if (!c) return null;
      const [tally, live] = await Promise.all([counts(campaignId), liveCalls(campaignId)]);
      return { status: c.status, status_reason: c.status_reason, contacts: c.contacts, ...tally, live_calls: live };
    },
  };
}
export type CampaignProgressRepo = ReturnType<typeof createCampaignProgressRepo>;
