import type { CampaignStatus, FaqPair, RejectedRow } from "@parley/shared/campaigns";
import type { Queryable } from "../../platform/db.ts";
import { personNameSql } from "../../platform/person-name.ts";
import { likePattern } from "../../platform/sql-like.ts";
import type { LatestAttempt } from "./campaign-contact-state.ts";

/** The settings a user edits (create and update). */
export type CampaignSettings = {
  name: string;
  description: string;
  direction: "outbound" | "inbound";
  channel: "voice" | "email" | "whatsapp";
  voice_id: string | null;
  max_attempts: number;
  time_gap_seconds: number;
  max_concurrent_calls: number | null;
  retry_backoff: boolean;
  /** E.164 or SIP URI a caller asking for a person is put through to; null: none. */
  transfer_to: string | null;
  /** Inbound campaigns: the number or SIP user callers reach the agent on; null for outbound. */
  inbound_number: string | null;
  opening_line: string;
  goal: string;
  faqs: FaqPair[];
  service: string;
  start_immediately: boolean;
  start_at: Date | null;
  end_at: Date | null;
  timezone: string;
  business_hours_start: string;
  business_hours_end: string;
  email_subject: string | null;
  email_body: string | null;
};

/** What is known of the uploaded contact list. */
export type CampaignContactList = {
  csv_file_name: string | null;
  csv_file_size: number | null;
  csv_storage_key: string | null;
  contact_count: number;
  rejected_count: number;
  duplicates_merged: number;
  rejected_rows: RejectedRow[];
};

export type CampaignRow = CampaignSettings &
  CampaignContactList & {
    id: string;
    org_id: string;
    status: CampaignStatus;
    status_reason: string | null;
    launched_at: Date | null;
    attachments: Array<{ name: string; size: number }>;
    created_at: Date;
    updated_at: Date;
  };

const JSON_COLUMNS = new Set(["faqs", "rejected_rows", "attachments"]);
const toParam = (key: string, value: unknown) => (JSON_COLUMNS.has(key) ? JSON.stringify(value) : value);

/** `set a = $3, b = $4 …` for an object of column values, starting at parameter `first`. */
function assignments(values: Record<string, unknown>, first: number): { sql: string; params: unknown[] } {
  const keys = Object.keys(values);
  return {
    sql: keys.map((k, i) => `${k} = $${first + i}${JSON_COLUMNS.has(k) ? "::jsonb" : ""}`).join(", "),
    params: keys.map((k) => toParam(k, values[k])),
  };
}

// The list leaves out rejected_rows (up to 1000 entries each); the detail reads everything.
const LIST_COLUMNS = `id, org_id, name, description, direction, channel, voice_id, max_attempts, time_gap_seconds,
  max_concurrent_calls, retry_backoff, transfer_to, inbound_number,
  opening_line, goal, faqs, service, status, status_reason, start_immediately, start_at, end_at, launched_at, timezone,
  business_hours_start, business_hours_end, email_subject, email_body, attachments, csv_file_name, csv_file_size,
  csv_storage_key, contact_count, rejected_count, duplicates_merged, '[]'::jsonb as rejected_rows,
  created_at, updated_at`;

export type CampaignPeople = { created_by_name: string | null; updated_by_name: string | null };

export type CampaignListFilter = { search?: string; statuses: CampaignStatus[]; limit: number; offset: number };

export function createCampaignsRepo(db: Queryable) {
  return {
    async insert(
      q: Queryable,
      row: {
        id: string;
        org_id: string;
        created_by: string | null;
        updated_by: string | null;
        status: CampaignStatus;
        launched_at: Date | null;
      } & CampaignSettings &
        CampaignContactList,
    ): Promise<CampaignRow> {
      const keys = Object.keys(row);
      const rows = await q.query<CampaignRow>(
        `insert into campaigns (${keys.join(", ")})
         values (${keys.map((k, i) => `$${i + 1}${JSON_COLUMNS.has(k) ? "::jsonb" : ""}`).join(", ")}) returning *`,
        keys.map((k) => toParam(k, row[k as keyof typeof row])),
      );
      return rows[0]!;
    },
    async update(
      q: Queryable,
      orgId: string,
      id: string,
      values: Partial<
        CampaignSettings &
          CampaignContactList & {
            status: CampaignStatus;
            status_reason: string | null;
            launched_at: Date | null;
            updated_by: string | null;
          }
      >,
    ): Promise<CampaignRow | null> {
      const set = assignments(values, 3);
      const rows = await q.query<CampaignRow>(
        `update campaigns set ${set.sql}${set.sql ? ", " : ""}updated_at = now()
         where org_id = $1 and id = $2 returning *`,
        [orgId, id, ...set.params],
      );
      return rows[0] ?? null;
    },
    /** One campaign of the org; `forUpdate` locks it for the rest of the transaction. */
    async get(
      orgId: string,
      id: string,
      opts: { q?: Queryable; forUpdate?: boolean } = {},
    ): Promise<CampaignRow | null> {
      if (!isUuid(id)) return null;
      const rows = await (opts.q ?? db).query<CampaignRow>(
        `select * from campaigns where org_id = $1 and id = $2${opts.forUpdate ? " for update" : ""}`,
        [orgId, id],
      );
      return rows[0] ?? null;
    },
    /**
     * Each listed contact's newest attempt in the dialer's queue and how the attempt before it ended
     * (a contact has at most one open attempt, always its newest).
     */
    async latestAttempts(orgId: string, campaignId: string, contactIds: string[]): Promise<Map<string, LatestAttempt>> {
      if (!contactIds.length) return new Map();
      const rows = await db.query<LatestAttempt & { contact_id: string }>(
        `select contact_id, status, attempt_number, due_at, outcome, previous_outcome from (
           select contact_id, status, attempt_number, due_at, outcome,
             lag(outcome) over (partition by contact_id order by attempt_number) as previous_outcome,
             row_number() over (partition by contact_id order by attempt_number desc) as newest
           from call_attempts where org_id = $1 and campaign_id = $2 and contact_id = any($3::uuid[])) a
         where newest = 1`,
        [orgId, campaignId, contactIds],
      );
      return new Map(rows.map(({ contact_id, ...a }) => [contact_id, a]));
    },
    /** Who created and who last changed each of the org's campaigns `ids`: one query for a whole page. */
    async people(orgId: string, ids: string[]): Promise<Map<string, CampaignPeople>> {
      if (!ids.length) return new Map();
      const rows = await db.query<CampaignPeople & { id: string }>(
        `select k.id, ${personNameSql("cu")} as created_by_name, ${personNameSql("uu")} as updated_by_name
           from campaigns k left join users cu on cu.id = k.created_by left join users uu on uu.id = k.updated_by
          where k.org_id = $1 and k.id = any($2::uuid[])`,
        [orgId, ids],
      );
      return new Map(rows.map(({ id, ...people }) => [id, people]));
    },
    async delete(q: Queryable, orgId: string, id: string): Promise<void> {
      await q.query("delete from campaigns where org_id = $1 and id = $2", [orgId, id]);
    },
    /**
     * Newest first. `search` matches name, description, type, channel, status, and the start, end and
     * created dates written dd-mm-yyyy hh:mm or yyyy-mm-dd in the campaign's timezone, case-insensitively.
     */
    async list(orgId: string, f: CampaignListFilter): Promise<{ rows: CampaignRow[]; total: number }> {
      const params = [orgId, f.statuses.length ? f.statuses : null, f.search ? likePattern(f.search) : null];
      // The same expression as the trigram index of migration 0016, in a subquery of its own: with no
      // other index to choose there, it is answered from the trigram index even where no statistics
      // were gathered (PGlite has no autovacuum), and the org's rows are then matched by id.
      const where = `org_id = $1 and ($2::text[] is null or status = any($2::text[]))
        and ($3::text is null or id in (select id from campaigns where
          campaign_search_text(name, description, direction, channel, status, start_at, end_at, created_at, timezone)
            ilike $3))`;
      const [count] = await db.query<{ total: number }>(
        `select count(*)::int as total from campaigns where ${where}`,
        params,
      );
      const rows = await db.query<CampaignRow>(
        `select ${LIST_COLUMNS} from campaigns where ${where}
         order by created_at desc, id desc limit $4 offset $5`,
        [...params, f.limit, f.offset],
      );
      return { rows, total: count?.total ?? 0 };
    },
  };
}
export type CampaignsRepo = ReturnType<typeof createCampaignsRepo>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id can match nothing; answering early keeps PostgreSQL from raising a cast error (→ 404). */
export const isUuid = (id: string) => UUID.test(id);
