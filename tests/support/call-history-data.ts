import type { Queryable } from "../../apps/server/src/platform/db.ts";
import { insertContact } from "./seed.ts";

/** A calls row as the voice engine and the dialer leave it; tests set only what they look at. */
export type TestCall = {
  lead_name?: string;
  lead_phone?: string;
  lead_email?: string;
  service?: string;
  budget?: string;
  status?: string;
  outcome?: string | null;
  direction?: string;
  started_at?: string;
  ended?: boolean;
  duration_secs?: number;
  summary?: string;
  recording_key?: string | null;
  campaign_id?: string | null;
  contact_id?: string | null;
  transcript?: unknown[];
  extracted?: Record<string, string>;
  latency?: unknown[];
};

/** Inserts finished (or, with ended: false, running) calls for an organisation; answers their ids in order. */
export async function insertCalls(db: Queryable, orgId: string, calls: TestCall[]): Promise<string[]> {
  const ids: string[] = [];
  for (const c of calls) {
    const started = c.started_at ?? new Date().toISOString();
    const [row] = await db.query<{ id: string }>(
      `insert into calls (org_id, campaign_id, lead_name, lead_phone, lead_email, service, budget, status, outcome,
        direction,
                          started_at, answered_at, ended_at, duration_secs, summary, recording_key, transcript,
                            extracted, latency, contact_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz, $11::timestamptz,
               case when $12 then $11::timestamptz + make_interval(secs => $13) end, $13, $14, $15, $16::jsonb,
                 $17::jsonb, $18::jsonb, $19)
       returning id`,
      [
        orgId,
        c.campaign_id ?? null,
        c.lead_name ?? "Ana Diaz",
        c.lead_phone ?? "+14155550100",
        c.lead_email ?? "ana@example.com",
        c.service ?? "premium plan",
        c.budget ?? "",
        c.status ?? "completed",
        c.outcome === undefined ? "interested" : c.outcome,
        c.direction ?? "OUTBOUND",
        started,
        c.ended ?? true,
        c.duration_secs ?? 42,
        c.summary ?? "",
        c.recording_key ?? null,
        JSON.stringify(c.transcript ?? []),
        JSON.stringify(c.extracted ?? {}),
        JSON.stringify(c.latency ?? []),
        c.contact_id ?? null,
      ],
    );
    ids.push(row!.id);
  }
  return ids;
}

export type TestContact = { name?: string; phone: string; variables?: Record<string, string>; created_at?: string };

/** Contacts of a campaign as the CSV import leaves them (other columns in `variables`); answers their ids in order. */
export async function insertContacts(
  db: Queryable,
  orgId: string,
  campaignId: string,
  contacts: TestContact[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, c] of contacts.entries()) {
    const { phone, ...rest } = c;
    ids.push(await insertContact(db, orgId, campaignId, { ...rest, line_number: i + 2, phone_e164: phone }));
  }
  return ids;
}
