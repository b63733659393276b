import {
  LiveCallLine,
  PROGRESS_OUTCOMES,
  type CampaignProgress,
  type ProgressLiveCall,
} from "@parley/shared/campaign-progress";
import type { CampaignStatus } from "@parley/shared/campaigns";
import type { Queryable } from "../../platform/db.ts";
import { createCapacityRepo } from "./capacity.repo.ts";
import { DEFAULT_ORG_CONCURRENCY, dialerActivity, type ActivityInput } from "./dialer-activity.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIVE_CALLS_SHOWN = 20;
/** How many of the first-due waiting contacts the header's "what next" looks at (as the dialer's pass would). */
const WAITING_SAMPLE = 50;

type CampaignHead = {
  status: CampaignStatus;
  status_reason: string | null;
  contacts: number;
  timezone: string;
  business_hours_start: string;
  business_hours_end: string;
  start_at: Date | null;
  end_at: Date | null;
};

type LiveRow = { call_id: string; name: string; phone: string; status: string; started_at: Date; last_line: unknown };

/**
 * A campaign's progress read from the dialer's queue and the calls it placed. Each contact counts once,
 * by its newest attempt: a contact has at most one open attempt, and that one is always its newest.
 */
export function createCampaignProgressRepo(db: Queryable) {
  const capacity = createCapacityRepo(db);
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
      `select c.id as call_id, coalesce(ct.name, '') as name, ct.phone_e164 as phone, c.status, c.started_at,
        c.transcript -> -1 as last_line
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

  async function orgLines(orgId: string): Promise<ActivityInput["org"]> {
    const [r] = await db.query<{ max_concurrent_calls: number | null; minutes_balance: string | null; busy: number }>(
      `select l.max_concurrent_calls, l.minutes_balance,
              (select count(*)::int from call_attempts where org_id = $1 and status = 'in_progress') as busy
       from (select 1) one left join org_limits l on l.org_id = $1`,
      [orgId],
    );
    return {
      maxConcurrentCalls: r?.max_concurrent_calls ?? DEFAULT_ORG_CONCURRENCY,
      minutesBalance: r?.minutes_balance == null ? null : Number(r.minutes_balance),
      callsOnLine: r?.busy ?? 0,
    };
  }

  async function firstWaiting(campaignId: string): Promise<ActivityInput["waiting"]> {
    const rows = await db.query<{ due_at: Date; phone: string }>(
      `select a.due_at, ct.phone_e164 as phone from call_attempts a join contacts ct on ct.id = a.contact_id
       where a.campaign_id = $1 and a.status = 'pending' order by a.due_at, a.id limit ${WAITING_SAMPLE}`,
      [campaignId],
    );
    return rows.map((r) => ({ dueAt: r.due_at, phone: r.phone }));
  }

  return {
    /** The org's campaign's progress at `now`; null when the org has no such campaign. */
    async snapshot(orgId: string, campaignId: string, now: Date): Promise<CampaignProgress | null> {
      if (!UUID.test(campaignId)) return null;
      const [c] = await db.query<CampaignHead>(
        `select status, status_reason, timezone, business_hours_start, business_hours_end, start_at, end_at,
                (select count(*)::int from contacts where campaign_id = $2) as contacts
         from campaigns where org_id = $1 and id = $2`,
        [orgId, campaignId],
      );
      if (!c) return null;
      const [tally, live, org, waiting, held] = await Promise.all([
        counts(campaignId),
        liveCalls(campaignId),
        orgLines(orgId),
        firstWaiting(campaignId),
        c.status === "active" ? capacity.heldMessage(campaignId, now) : null,
      ]);
      const input: ActivityInput = {
        campaign: {
          status: c.status,
          statusReason: c.status_reason,
          timezone: c.timezone,
          businessHoursStart: c.business_hours_start,
          businessHoursEnd: c.business_hours_end,
          startAt: c.start_at,
          endAt: c.end_at,
        },
        counts: { contacts: c.contacts, ...tally },
        org,
        waiting,
        heldForCapacity: held,
      };
      return {
        status: c.status,
        status_reason: c.status_reason,
        contacts: c.contacts,
        ...tally,
        live_calls: live,
        activity: dialerActivity(input, now),
      };
    },
  };
}
export type CampaignProgressRepo = ReturnType<typeof createCampaignProgressRepo>;
