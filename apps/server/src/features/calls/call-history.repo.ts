import type { CallHistoryFilters } from "@parley/shared/call-history";
import type { CallIntervention } from "@parley/shared/live-listen";
import type { Db } from "../../platform/db.ts";
import { personNameSql } from "../../platform/person-name.ts";
import { likePattern } from "../../platform/sql-like.ts";

/**
 * A calls row as the log reads it, with its campaign (name, zone, service) and its contact (the CSV's other
 * columns and when it was imported). Both are left joins: calls outlive deleted campaigns and contacts.
 */
export type CallLogRow = {
  id: string;
  lead_name: string;
  lead_phone: string;
  lead_email: string;
  service: string;
  budget: string;
  started_at: Date;
  /** The contact's import time, else the call row's own creation. */
  created_at: Date;
  campaign_name: string | null;
  campaign_timezone: string | null;
  campaign_service: string | null;
  contact_variables: Record<string, unknown> | null;
  log_status: string;
  direction: string;
  duration_secs: number;
  has_recording: boolean;
  /** The recording is kept in the database until the store takes it (features/calls/recording-uploads.ts). */
  recording_pending: boolean;
  summary: string;
  campaign_id: string | null;
  /** Who rang the call by hand or took the browser test call; null for the dialer's calls. */
  placed_by_name: string | null;
};

export type CallDetailRow = CallLogRow & {
  outcome: string | null;
  sentiment: string | null;
  answered_at: Date | null;
  ended_at: Date | null;
  transcript: unknown[];
  extracted: Record<string, unknown>;
  latency: unknown[];
};

export type MeetingRow = {
  id: string;
  title: string;
  start_at: Date;
  end_at: Date;
  timezone: string;
  status: string;
  meeting_url: string | null;
};

/** Where the export's keyset paging stands: the last row's start (as exact text) and id. */
export type ExportCursor = { started: string; id: string };

const COLUMNS = `c.id, c.lead_name, c.lead_phone, c.lead_email, c.service, c.budget, c.started_at,
  coalesce(ct.created_at, c.created_at) as created_at, c.log_status, c.direction, c.duration_secs,
  (c.recording_key is not null) as has_recording,
  (c.recording_key is not null and exists (select 1 from pending_recordings pr where pr.call_id = c.id))
    as recording_pending,
  c.summary, c.campaign_id,
  k.name as campaign_name, k.timezone as campaign_timezone, k.service as campaign_service,
  ct.variables as contact_variables,
  ${personNameSql("pu")} as placed_by_name`;

/** The calls with their campaign and contact, each joined on its primary key within the same organisation. */
const FROM = `calls c
  left join campaigns k on k.id = c.campaign_id and k.org_id = c.org_id
  left join contacts ct on ct.id = c.contact_id and ct.org_id = c.org_id
  left join users pu on pu.id = c.placed_by`;

/** The WHERE clause for the filters; every branch is scoped to the organisation first. */
function whereOf(orgId: string, f: CallHistoryFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [orgId];
  const parts = ["c.org_id = $1"];
  const add = (cond: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(cond(`$${params.length}`));
  };
  if (f.direction) add((p) => `c.direction = ${p}`, f.direction);
  if (f.status) add((p) => `c.log_status = ${p}`, f.status);
  if (f.campaign_id) add((p) => `c.campaign_id = ${p}`, f.campaign_id);
  if (f.from) add((p) => `c.started_at >= (${p}::date)::timestamp at time zone 'UTC'`, f.from);
  if (f.to) add((p) => `c.started_at < (${p}::date + 1)::timestamp at time zone 'UTC'`, f.to);
  if (f.search) add((p) => `c.search_text like ${p}`, likePattern(f.search.toLowerCase()));
  // Qualifying answers (features/outcome-fields): one row per call that captured fields, its answers a JSON array.
  const answers = (cond: string) => `exists (select 1 from call_outcome_answers a where a.call_id = c.id and ${cond})`;
  if (f.qualified) add((p) => answers(`a.qualified = ${p}`), f.qualified === "yes");
  if (f.field) {
    const v = f.field_value ?? "answered";
    const has = (p: string) => answers(`a.answers @> ${p}::jsonb`);
    if (v === "not_answered") add(has, JSON.stringify([{ key: f.field, answered: false }]));
    else if (v === "answered") add(has, JSON.stringify([{ key: f.field, answered: true }]));
    else add(has, JSON.stringify([{ key: f.field, answered: true, value: filterValue(v) }]));
  }
  return { sql: parts.join(" and "), params };
}

/** A field_value as the answers store it: yes/no as booleans, numbers as numbers, anything else as said. */
function filterValue(v: string): boolean | number | string {
  if (/^(yes|no)$/i.test(v)) return v.toLowerCase() === "yes";
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
}

/**
 * Totals for the filters the running counters cover (direction, status, campaign): a handful of rows
 * instead of a count over every call. Date ranges and search count the matching rows.
 */
async function countFromCounters(db: Db, orgId: string, f: CallHistoryFilters): Promise<number> {
  const params: unknown[] = [orgId];
  let sql = "select coalesce(sum(n), 0)::int as n from call_log_counts where org_id = $1";
  for (const [column, value] of [
    ["direction", f.direction],
    ["log_status", f.status],
    ["campaign_key", f.campaign_id],
  ] as const) {
    if (!value) continue;
    params.push(value);
    sql += ` and ${column} = $${params.length}`;
  }
  const rows = await db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? 0;
}

export function createCallHistoryRepo(db: Db) {
  return {
    async page(orgId: string, f: CallHistoryFilters, limit: number, offset: number): Promise<CallLogRow[]> {
      const w = whereOf(orgId, f);
      return db.query<CallLogRow>(
        `select ${COLUMNS} from ${FROM} where ${w.sql}
          order by c.started_at desc, c.id desc limit ${Number(limit)} offset ${Number(offset)}`,
        w.params,
      );
    },

    /**
     * The total, exact up to `cap`: counting every match of a common search word over a million calls costs
     * far more than the page itself, so past the cap the answer is "more than cap" (shown as 'cap+'). The
     * list counts searches with searchMatches; date ranges come here.
     */
    async count(orgId: string, f: CallHistoryFilters, cap: number): Promise<{ total: number; capped: boolean }> {
      const counted = !f.from && !f.to && !f.search && !f.qualified && !f.field;
      if (counted) return { total: await countFromCounters(db, orgId, f), capped: false };
      const w = whereOf(orgId, f);
      const rows = await db.query<{ n: number }>(
        `select count(*)::int as n from (select 1 from calls c where ${w.sql} limit ${Number(cap) + 1}) s`,
        w.params,
      );
      const n = rows[0]?.n ?? 0;
      return { total: Math.min(n, cap), capped: n > cap };
    },

    /**
     * A search's matches, newest first, up to `cap + 1` of them. They are found through the trigram index
     * in any order and sorted here: the newest-first walk a page does reads every call of the organisation
     * (or campaign, or status) when a search matches few of them. Past the cap the page takes the newest-first
     * walk: a common word fills it early.
     */
    async searchMatches(orgId: string, f: CallHistoryFilters, cap: number): Promise<string[]> {
      const w = whereOf(orgId, f);
      const rows = await db.query<{ id: string }>(
        `select m.id from (select c.id, c.started_at from calls c where ${w.sql} limit ${Number(cap) + 1}) m
          order by m.started_at desc, m.id desc`,
        w.params,
      );
      return rows.map((r) => r.id);
    },

    /** These calls, newest first (a page of searchMatches). */
    async rowsByIds(orgId: string, ids: string[]): Promise<CallLogRow[]> {
      if (ids.length === 0) return [];
      return db.query<CallLogRow>(
        `select ${COLUMNS} from ${FROM} where c.org_id = $1 and c.id = any($2::uuid[])
          order by c.started_at desc, c.id desc`,
        [orgId, ids],
      );
    },

    /** One batch of the export after `cursor`, newest first; the cursor keeps memory flat at any size. */
    async exportBatch(orgId: string, f: CallHistoryFilters, cursor: ExportCursor | null, limit: number) {
      const w = whereOf(orgId, f);
      const params = [...w.params];
      let after = "";
      if (cursor) {
        params.push(cursor.started, cursor.id);
        after = ` and (c.started_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
      }
      return db.query<CallLogRow & { cursor_started: string }>(
        `select ${COLUMNS}, c.started_at::text as cursor_started from ${FROM} where ${w.sql}${after}
          order by c.started_at desc, c.id desc limit ${Number(limit)}`,
        params,
      );
    },

    async detail(orgId: string, callId: string): Promise<CallDetailRow | null> {
      const rows = await db.query<CallDetailRow>(
        `select ${COLUMNS}, c.outcome, c.sentiment, c.answered_at, c.ended_at, c.transcript, c.extracted, c.latency
           from ${FROM}
          where c.org_id = $1 and c.id = $2`,
        [orgId, callId],
      );
      return rows[0] ?? null;
    },

    /** The meeting the agent booked during this call (the booking path stores the call's id). */
    async meeting(orgId: string, callId: string): Promise<MeetingRow | null> {
      const rows = await db.query<MeetingRow>(
        `select id, title, start_at, end_at, timezone, status, meeting_url from calendar_events
          where org_id = $1 and call_id = $2 order by created_at desc limit 1`,
        [orgId, callId],
      );
      return rows[0] ?? null;
    },

    /** Listen / take-over / hand-back rows with who did it, and the agent's transfers with where they went. */
    async interventions(orgId: string, callId: string): Promise<(Omit<CallIntervention, "at"> & { at: Date })[]> {
      const rows = await db.query<{
        kind: CallIntervention["kind"];
        by_name: string | null;
        at: Date;
        target: string | null;
        answered: boolean | null;
        detail: string | null;
      }>(
        `select i.kind, ${personNameSql("u")} as by_name, i.at, i.target, i.answered, i.detail
           from call_interventions i left join users u on u.id = i.user_id
          where i.org_id = $1 and i.call_id = $2 order by i.at, i.id`,
        [orgId, callId],
      );
      return rows.map(({ target, answered, detail, ...i }) =>
        i.kind === "transfer"
          ? { ...i, by_name: null, transfer: { to: target ?? "", answered: answered ?? false, detail } }
          : i,
      );
    },

    /** Which organisation owns a call and where its recording is stored (the signed link names no org). */
    async recording(callId: string): Promise<{ org_id: string; recording_key: string } | null> {
      const rows = await db.query<{ org_id: string; recording_key: string }>(
        "select org_id, recording_key from calls where id = $1 and recording_key is not null",
        [callId],
      );
      return rows[0] ?? null;
    },
  };
}
export type CallHistoryRepo = ReturnType<typeof createCallHistoryRepo>;
