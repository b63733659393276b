import type { ScorecardCheck } from "@parley/shared/scorecard";
import type { Db } from "../../platform/db.ts";

/** What a call is scored from: its transcript and record, its campaign's goal and FAQs, the meeting it booked. */
export type ScoreSourceRow = {
  call_id: string;
  campaign_id: string | null;
  answered: boolean;
  outcome: string | null;
  recorded: boolean;
  transcript: unknown[];
  kb_sources: unknown[];
  goal: string | null;
  faqs: unknown[] | null;
  timezone: string | null;
  meeting_start: Date | null;
  /** When the meeting was made, ms since the answer (null without a meeting or an answer time). */
  meeting_made_ms: number | null;
};

export type StoredScorecard = { version: number; checks: ScorecardCheck[]; computed_at: Date };

export type FailedCallRow = {
  call_id: string;
  lead_name: string;
  lead_phone: string;
  started_at: Date;
  checks: ScorecardCheck[];
};

const SOURCE = `select c.id as call_id, c.campaign_id, c.answered_at is not null as answered, c.outcome,
    c.recording_key is not null as recorded, c.transcript, c.kb_sources, k.goal, k.faqs, k.timezone,
    m.start_at as meeting_start,
    (extract(epoch from (m.created_at - c.answered_at)) * 1000)::float8 as meeting_made_ms
  from calls c
  left join campaigns k on k.id = c.campaign_id and k.org_id = c.org_id
  left join lateral (select e.start_at, e.created_at from calendar_events e
    where e.org_id = c.org_id and e.call_id = c.id order by e.created_at limit 1) m on true`;

export function createScorecardRepo(db: Db) {
  return {
    /** The ended call's record to score; null for another organisation's call or one still running. */
    async source(orgId: string, callId: string): Promise<ScoreSourceRow | null> {
      const rows = await db.query<ScoreSourceRow>(
        `${SOURCE} where c.org_id = $1 and c.id = $2 and c.ended_at is not null`,
        [orgId, callId],
      );
      return rows[0] ?? null;
    },

    async save(
      orgId: string,
      row: { callId: string; campaignId: string | null; version: number; checks: ScorecardCheck[]; at: Date },
    ) {
      const failed = row.checks.filter((c) => c.result === "fail").map((c) => c.check);
      await db.query(
        `insert into call_scorecards (call_id, org_id, campaign_id, version, checks, failed, computed_at)
           values ($1, $2, $3, $4, $5::jsonb, $6::text[], $7)
         on conflict (call_id) do update set version = excluded.version, checks = excluded.checks,
           failed = excluded.failed, campaign_id = excluded.campaign_id, computed_at = excluded.computed_at`,
        [row.callId, orgId, row.campaignId, row.version, JSON.stringify(row.checks), failed, row.at],
      );
    },

    async get(orgId: string, callId: string): Promise<StoredScorecard | null> {
      const rows = await db.query<StoredScorecard>(
        "select version, checks, computed_at from call_scorecards where org_id = $1 and call_id = $2",
        [orgId, callId],
      );
      return rows[0] ?? null;
    },

    /** Ended calls of the campaign with no scorecard of this version yet, newest first. */
    async unscored(orgId: string, campaignId: string, version: number, limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select c.id from calls c left join call_scorecards s on s.call_id = c.id
          where c.org_id = $1 and c.campaign_id = $2 and c.ended_at is not null
            and (s.call_id is null or s.version < $3)
          order by c.started_at desc limit ${Number(limit)}`,
        [orgId, campaignId, version],
      );
      return rows.map((r) => r.id);
    },

    /** Per check and result, how many of the campaign's scored calls. */
    async counts(orgId: string, campaignId: string) {
      return db.query<{ check: string; result: string; n: number }>(
        `select e->>'check' as check, e->>'result' as result, count(*)::int as n
           from call_scorecards s cross join lateral jsonb_array_elements(s.checks) e
          where s.org_id = $1 and s.campaign_id = $2
          group by 1, 2`,
        [orgId, campaignId],
      );
    },

    async scoredCalls(orgId: string, campaignId: string): Promise<number> {
      const rows = await db.query<{ n: number }>(
        "select count(*)::int as n from call_scorecards where org_id = $1 and campaign_id = $2",
        [orgId, campaignId],
      );
      return rows[0]?.n ?? 0;
    },

    /** The campaign's calls that failed `check` (any check when null), newest first, and how many in all. */
    async failedCalls(orgId: string, campaignId: string, check: string | null, limit: number) {
      const failed = check ? "$3 = any(s.failed)" : "cardinality(s.failed) > 0";
      const where = `s.org_id = $1 and s.campaign_id = $2 and ${failed}`;
      const params = check ? [orgId, campaignId, check] : [orgId, campaignId];
      const [rows, total] = await Promise.all([
        db.query<FailedCallRow>(
          `select c.id as call_id, c.lead_name, c.lead_phone, c.started_at, s.checks
             from call_scorecards s join calls c on c.id = s.call_id
            where ${where} order by c.started_at desc, c.id desc limit ${Number(limit)}`,
          params,
        ),
        db.query<{ n: number }>(`select count(*)::int as n from call_scorecards s where ${where}`, params),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
  };
}
export type ScorecardRepo = ReturnType<typeof createScorecardRepo>;
