import type { CampaignStatus } from "@parley/shared/campaigns";
import type { CampaignSettings } from "../../apps/server/src/features/campaigns/campaigns.repo.ts";
import type { Queryable } from "../../apps/server/src/platform/db.ts";

// Rows as the API, the import and the dialer leave them, for tests that start from a given state.

type Row = Record<string, unknown>;

// Arrays and plain objects go to jsonb columns; dates, strings and numbers as they are.
const isJson = (v: unknown) => Array.isArray(v) || (typeof v === "object" && v !== null && !(v instanceof Date));

/** Inserts the columns given (the table's defaults fill the rest); answers the new row's id. */
async function insertRow(db: Queryable, table: string, row: Row): Promise<string> {
  const keys = Object.keys(row).filter((k) => row[k] !== undefined);
  const [inserted] = await db.query<{ id: string }>(
    `insert into ${table} (${keys.join(", ")})
     values (${keys.map((k, i) => `$${i + 1}${isJson(row[k]) ? "::jsonb" : ""}`).join(", ")}) returning id`,
    keys.map((k) => (isJson(row[k]) ? JSON.stringify(row[k]) : row[k])),
  );
  if (!inserted) throw new Error(`insert into ${table} answered no row`);
  return inserted.id;
}

export type CampaignSeed = Partial<CampaignSettings> & {
  status?: CampaignStatus;
  contact_count?: number;
  created_at?: Date;
};

/** A campaign named "Spring outreach" unless told otherwise; other settings are the table's defaults. */
export function insertCampaign(db: Queryable, orgId: string, campaign: CampaignSeed = {}): Promise<string> {
  return insertRow(db, "campaigns", { name: "Spring outreach", ...campaign, org_id: orgId });
}

export type ContactSeed = {
  phone_e164: string;
  /** The contact's line in the uploaded list (the header is line 1). */
  line_number?: number;
  name?: string;
  first_name?: string;
  email?: string | null;
  /** How a simulated callee behaves (a script such as "say:hello;hangup"). */
  persona?: string | null;
  variables?: Record<string, string>;
  created_at?: Date | string;
};

/** One contact of a campaign, on line 2 unless told otherwise. */
export function insertContact(db: Queryable, orgId: string, campaignId: string, contact: ContactSeed): Promise<string> {
  return insertRow(db, "contacts", { line_number: 2, ...contact, org_id: orgId, campaign_id: campaignId });
}

export type CallSeed = {
  campaign_id?: string | null;
  contact_id?: string | null;
  attempt_id?: string | null;
  lead_name?: string;
  lead_phone?: string;
  direction?: "OUTBOUND" | "INBOUND" | "WEB";
  status?: string;
  outcome?: string | null;
  sentiment?: string | null;
  started_at?: Date | string;
  answered_at?: Date | string | null;
  ended_at?: Date | string | null;
  duration_secs?: number;
  summary?: string;
  transcript?: unknown[];
  latency?: unknown[];
  /** The contact's UTC offset in minutes, as the dialer records it on the calls it places. */
  contact_offset_mins?: number | null;
};

/** One calls row with exactly the columns given (a call in progress unless told otherwise). */
export function insertCall(db: Queryable, orgId: string, call: CallSeed = {}): Promise<string> {
  return insertRow(db, "calls", { lead_phone: "+14155550100", ...call, org_id: orgId });
}

export type MeetingSeed = { title: string; start_at: string; end_at: string; call_id?: string; meeting_url?: string };

/** A meeting the agent booked (on the call `call_id` when given), as the calendar feature stores it. */
export function insertAgentMeeting(db: Queryable, orgId: string, meeting: MeetingSeed): Promise<string> {
  return insertRow(db, "calendar_events", { ...meeting, source: "agent", org_id: orgId });
}

export type OrgLimitsSeed = { max_concurrent_calls?: number; minutes_balance?: number };

/** The organisation's limits, replacing those a new organisation starts with (its trial minutes, 10 lines). */
export async function setOrgLimits(db: Queryable, orgId: string, limits: OrgLimitsSeed): Promise<void> {
  const keys = Object.keys(limits) as (keyof OrgLimitsSeed)[];
  if (keys.length === 0) throw new Error("setOrgLimits needs at least one limit");
  await db.query(
    `insert into org_limits (org_id, ${keys.join(", ")}) values ($1, ${keys.map((_, i) => `$${i + 2}`).join(", ")})
     on conflict (org_id) do update set ${keys.map((k) => `${k} = excluded.${k}`).join(", ")}`,
    [orgId, ...keys.map((k) => limits[k])],
  );
}
