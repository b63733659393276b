import type { Queryable } from "../../platform/db.ts";
import { likePattern } from "../../platform/sql-like.ts";

export type EventRow = {
  id: string;
  org_id: string;
  title: string;
  description: string;
  location: string;
  is_virtual: boolean;
  meeting_url: string | null;
  start_at: Date;
  end_at: Date;
  timezone: string;
  attendees: string[];
  status: "scheduled" | "cancelled";
  source: "agent" | "staff";
  contact_id: string | null;
  campaign_id: string | null;
  call_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
};

export type NewEvent = Pick<
  EventRow,
  | "title"
  | "description"
  | "location"
  | "is_virtual"
  | "meeting_url"
  | "timezone"
  | "attendees"
  | "source"
  | "contact_id"
  | "campaign_id"
  | "call_id"
  | "created_by"
> & {
  start_at: Date;
  end_at: Date;
};
export type EventChanges = Partial<
  Pick<
    EventRow,
    | "title"
    | "description"
    | "location"
    | "is_virtual"
    | "meeting_url"
    | "timezone"
    | "attendees"
    | "start_at"
    | "end_at"
  >
>;
export type EventFilter = { from: Date; to: Date; campaignId?: string; userId?: string; q?: string };

const UPDATABLE = [
  "title",
  "description",
  "location",
  "is_virtual",
  "meeting_url",
  "timezone",
  "attendees",
  "start_at",
  "end_at",
] as const;

export function createCalendarRepo(db: Queryable) {
  return {
    async insert(q: Queryable, orgId: string, e: NewEvent): Promise<EventRow> {
      const rows = await q.query<EventRow>(
        `insert into calendar_events (org_id, title, description, location, is_virtual, meeting_url, start_at, end_at,
           timezone, attendees, source, contact_id, campaign_id, call_id, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15) returning *`,
        [
          orgId,
          e.title,
          e.description,
          e.location,
          e.is_virtual,
          e.meeting_url,
          e.start_at,
          e.end_at,
          e.timezone,
          JSON.stringify(e.attendees),
          e.source,
          e.contact_id,
          e.campaign_id,
          e.call_id,
          e.created_by,
        ],
      );
      return rows[0]!;
    },

    async findById(orgId: string, id: string): Promise<EventRow | null> {
      const rows = await db.query<EventRow>("select * from calendar_events where org_id = $1 and id = $2", [orgId, id]);
      return rows[0] ?? null;
    },

    /** Changes only the given columns of a scheduled event; null when there is none of this org. */
    async update(orgId: string, id: string, changes: EventChanges): Promise<EventRow | null> {
      const sets: string[] = [];
      const params: unknown[] = [orgId, id];
      for (const column of UPDATABLE) {
        if (changes[column] === undefined) continue;
        params.push(column === "attendees" ? JSON.stringify(changes[column]) : changes[column]);
        sets.push(`${column} = $${params.length}${column === "attendees" ? "::jsonb" : ""}`);
      }
      const rows = await db.query<EventRow>(
        `update calendar_events set ${[...sets, "updated_at = now()"].join(", ")}
         where org_id = $1 and id = $2 and status = 'scheduled' returning *`,
        params,
      );
      return rows[0] ?? null;
    },

    async cancel(orgId: string, id: string): Promise<EventRow | null> {
      const rows = await db.query<EventRow>(
        `update calendar_events set status = 'cancelled', updated_at = now()
         where org_id = $1 and id = $2 returning *`,
        [orgId, id],
      );
      return rows[0] ?? null;
    },

    /** Scheduled events overlapping [from, to), earliest first. */
    list(orgId: string, f: EventFilter): Promise<EventRow[]> {
      const params: unknown[] = [orgId, f.from, f.to];
      const where = ["org_id = $1", "status = 'scheduled'", "start_at < $3", "end_at > $2"];
      if (f.campaignId) where.push(`campaign_id = $${params.push(f.campaignId)}`);
      if (f.userId) where.push(`created_by = $${params.push(f.userId)}`);
      if (f.q) {
        const n = params.push(likePattern(f.q));
        where.push(
          `(title ilike $${n} or description ilike $${n} or location ilike $${n} or attendees::text ilike $${n})`,
        );
      }
      return db.query<EventRow>(
        `select * from calendar_events where ${where.join(" and ")} order by start_at, id`,
        params,
      );
    },

    /**
     * Busy intervals of the org in [from, to). Pass the transaction that will insert, after
     * `lockOrg`, so two bookings cannot both see the same slot free.
     */
    busy(q: Queryable, orgId: string, from: Date, to: Date): Promise<{ start_at: Date; end_at: Date }[]> {
      return q.query(
        `select start_at, end_at from calendar_events
         where org_id = $1 and status = 'scheduled' and start_at < $3 and end_at > $2 order by start_at`,
        [orgId, from, to],
      );
    },

    /** Serialises bookings of one org until the transaction ends. */
    async lockOrg(q: Queryable, orgId: string): Promise<void> {
      await q.query("select pg_advisory_xact_lock(hashtext($1))", [`calendar:${orgId}`]);
    },

    /** Every event (cancelled ones too, so subscribers drop them) from `since` on, for the ICS feed. */
    feedEvents(orgId: string, since: Date): Promise<EventRow[]> {
      return db.query<EventRow>(
        "select * from calendar_events where org_id = $1 and end_at > $2 order by start_at limit 5000",
        [orgId, since],
      );
    },

    /** Revokes any active feed of the org and stores the new one, in one transaction. */
    async rotateFeed(q: Queryable, orgId: string, tokenHash: string): Promise<{ created_at: Date }> {
      await q.query("update calendar_feeds set revoked_at = now() where org_id = $1 and revoked_at is null", [orgId]);
      const rows = await q.query<{ created_at: Date }>(
        "insert into calendar_feeds (org_id, token_hash) values ($1, $2) returning created_at",
        [orgId, tokenHash],
      );
      return rows[0]!;
    },
    async revokeFeed(orgId: string): Promise<number> {
      const rows = await db.query(
        "update calendar_feeds set revoked_at = now() where org_id = $1 and revoked_at is null returning id",
        [orgId],
      );
      return rows.length;
    },
    async activeFeed(orgId: string): Promise<{ created_at: Date } | null> {
      const rows = await db.query<{ created_at: Date }>(
        `select created_at from calendar_feeds where org_id = $1 and revoked_at is null order by created_at desc
          limit 1`,
        [orgId],
      );
      return rows[0] ?? null;
    },
    /** The org an active feed token belongs to. */
    async feedOrg(tokenHash: string): Promise<string | null> {
      const rows = await db.query<{ org_id: string }>(
        "select org_id from calendar_feeds where token_hash = $1 and revoked_at is null",
        [tokenHash],
      );
      return rows[0]?.org_id ?? null;
    },
  };
}
export type CalendarRepo = ReturnType<typeof createCalendarRepo>;
