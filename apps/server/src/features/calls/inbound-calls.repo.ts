import type { Db, Queryable } from "../../platform/db.ts";
import { lockOrgLimits } from "./org-limits-lock.ts";

/** The organisation's simultaneous calls when org_limits says nothing (the dialer's default too). */
const DEFAULT_CONCURRENCY = 10;

export const INBOUND_DIRECTION = "INBOUND";

export type Admission =
  | { admitted: true; callId: string; orgId: string }
  | { admitted: false; reason: "unknown" | "closed" | "busy" };

/**
 * Inbound calls in the database: which campaign a called number reaches, whether one more call fits the
 * organisation's and the campaign's limits (outbound attempts and inbound calls on the line count alike),
 * the caller's contact, and the call row — in one transaction holding the organisation's limits row, so two
 * callers at once cannot both take the last line.
 */
export function createInboundCallsRepo(db: Db) {
  async function liveCalls(q: Queryable, orgId: string, campaignId: string | null): Promise<number> {
    const [r] = await q.query<{ n: number }>(
      `select (select count(*)::int from call_attempts where org_id = $1 and status = 'in_progress'
        and ($2::uuid is null or campaign_id = $2))
            + (select count(*)::int from calls where org_id = $1 and direction = '${INBOUND_DIRECTION}'
              and ended_at is null
                  and ($2::uuid is null or campaign_id = $2)) as n`,
      [orgId, campaignId],
    );
    return r!.n;
  }

  /** The organisation's contact with this number (any campaign's, newest), else a new one in the inbound campaign. */
  async function contactFor(
    q: Queryable,
    k: { id: string; org_id: string },
    phones: string[],
  ): Promise<{ id: string; name: string } | null> {
    if (!phones.length) return null;
    const [found] = await q.query<{ id: string; name: string }>(
      "select id, name from contacts where org_id = $1 and phone_e164 = any($2) order by created_at desc limit 1",
      [k.org_id, phones],
    );
    if (found) return found;
    const [created] = await q.query<{ id: string; name: string }>(
      `insert into contacts (org_id, campaign_id, line_number, phone_e164)
       select $1, $2, coalesce(max(line_number), 0) + 1, $3 from contacts where campaign_id = $2
       on conflict (campaign_id, phone_e164) do nothing returning id, name`,
      [k.org_id, k.id, phones[0]],
    );
    if (created) await q.query("update campaigns set contact_count = contact_count + 1 where id = $1", [k.id]);
    return created ?? null;
  }

  return {
    /**
     * `called`: the forms the number may be stored in; `callerPhones`: the caller's number in E.164 read with the
     * campaign's time zone (its country decides a number without a country code; empty when withheld).
     * The call row is leased for `leaseMs`: its process renews the lease while the call lasts.
     */
    admit(
      called: string[],
      caller: string,
      callerPhones: (timezone: string) => string[],
      leaseMs: number,
    ): Promise<Admission> {
      return db.tx(async (q) => {
        const [k] = await q.query<{
          id: string;
          org_id: string;
          status: string;
          max_concurrent_calls: number | null;
          service: string;
          timezone: string;
        }>(
          `select id, org_id, status, max_concurrent_calls, service, timezone from campaigns
            where inbound_number = any($1) and direction = 'inbound' for share`,
          [called],
        );
        if (!k) return { admitted: false, reason: "unknown" };
        if (k.status !== "active") return { admitted: false, reason: "closed" };
        const org = await lockOrgLimits(q, k.org_id);
        if (org.minutes_balance <= 0) return { admitted: false, reason: "closed" };
        if ((await liveCalls(q, k.org_id, null)) >= (org.max_concurrent_calls ?? DEFAULT_CONCURRENCY))
          return { admitted: false, reason: "busy" };
        if (k.max_concurrent_calls !== null && (await liveCalls(q, k.org_id, k.id)) >= k.max_concurrent_calls)
          return { admitted: false, reason: "busy" };
        const phones = callerPhones(k.timezone);
        const contact = await contactFor(q, k, phones);
        const [call] = await q.query<{ id: string }>(
          `insert into calls (org_id, campaign_id, contact_id, direction, lead_name, lead_phone, service, status,
            lease_expires_at)
           values ($1, $2, $3, '${INBOUND_DIRECTION}', $4, $5, $6, 'ringing', now() + $7 * interval '1 millisecond')
             returning id`,
          [
            k.org_id,
            k.id,
            contact?.id ?? null,
            contact?.name ?? "",
            phones[0] ?? (caller || "Unknown caller"),
            k.service,
            leaseMs,
          ],
        );
        return { admitted: true, callId: call!.id, orgId: k.org_id };
      });
    },

    /** The minutes an inbound call used, charged like a placed call's. */
    async charge(orgId: string, durationSecs: number): Promise<void> {
      const minutes = Math.ceil(durationSecs / 60);
      if (minutes <= 0) return;
      await db.query(
        `insert into org_limits (org_id, minutes_balance) values ($1, 1000 - $2)
         on conflict (org_id) do update set minutes_balance = org_limits.minutes_balance - $2, updated_at = now()`,
        [orgId, minutes],
      );
    },
  };
}
export type InboundCallsRepo = ReturnType<typeof createInboundCallsRepo>;
