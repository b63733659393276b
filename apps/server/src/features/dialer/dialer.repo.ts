import type { Db, Queryable } from "../../platform/db.ts";
import { contactOffsetMins } from "../calls/contact-zone.ts";
import type { CampaignRules, DialJob, DialResult } from "./dialer.types.ts";

export type DueAttempt = {
  id: string;
  orgId: string;
  attemptNumber: number;
  contactId: string;
  phone: string;
  name: string;
  email: string;
  variables: Record<string, string>;
  persona: string | null;
  campaign: CampaignRules;
};
/** A contact "ring now" asks for, with its campaign's rules; it becomes a job once the lease is taken. */
export type RingTarget = Omit<DueAttempt, "id" | "attemptNumber">;
/** Why the lease on a contact was not given (nothing was written). */
export type LeaseRefusal =
  | { reason: "contact_busy" | "no_minutes" | "inbound_campaign" }
  | { reason: "org_limit" | "campaign_limit"; limit: number }
  | { reason: "campaign_state"; status: string };
export type Verdict =
  | { kind: "dial" }
  | { kind: "close"; outcome: string; note: string }
  | { kind: "postpone"; at: Date };
export type Leased = { job: DialJob; campaign: CampaignRules };

type Row = Record<string, unknown>;
const DEFAULT_CONCURRENCY = 10;
/**
 * Calls to inbound campaigns on the line now take lines from the organisation's limit too (inbound-calls.repo.ts);
 * one a dead process left open is closed as dropped once its lease runs out (call-leases.ts).
 */
const LIVE_INBOUND = (org: string) =>
  `(select count(*)::int from calls i where i.org_id = ${org} and i.direction = 'INBOUND' and i.ended_at is null)`;
/** Campaign states in which a call may still be placed by hand (a draft can be tried before launch). */
const RINGABLE = new Set(["draft", "scheduled", "active", "paused"]);
const LEASE_LOCK = 7263002;
// Campaigns of org $1 already at their own call limit: their attempts would only take a full campaign's
// place in the candidate list and starve the org's other campaigns.
const FULL_CAMPAIGNS = `
  select b.campaign_id from call_attempts b join campaigns fc on fc.id = b.campaign_id
  where b.org_id = $1 and b.status = 'in_progress' and fc.max_concurrent_calls is not null
  group by b.campaign_id, fc.max_concurrent_calls having count(*) >= fc.max_concurrent_calls`;

// The scheduler reads the campaign's dialing rules with its queue in one join (the hot path), so this
// repository reads the campaigns and contacts tables directly rather than through their services.
const DUE_SELECT = `
  select a.id, a.org_id, a.attempt_number, a.contact_id,
         ct.phone_e164, ct.name, coalesce(ct.email, '') as email, ct.variables, ct.persona,
         c.id as c_id, c.status as c_status, c.timezone, c.business_hours_start, c.business_hours_end,
         c.start_at, c.end_at, c.max_attempts, c.time_gap_seconds, c.max_concurrent_calls as c_max_concurrent,
           c.retry_backoff
  from call_attempts a
  join campaigns c on c.id = a.campaign_id
  join contacts ct on ct.id = a.contact_id`;

const TARGET_SELECT = `
  select ct.id as contact_id, k.org_id, ct.phone_e164, ct.name, coalesce(ct.email, '') as email, ct.variables,
    ct.persona,
         k.id as c_id, k.status as c_status, k.timezone, k.business_hours_start, k.business_hours_end,
         k.start_at, k.end_at, k.max_attempts, k.time_gap_seconds, k.max_concurrent_calls as c_max_concurrent,
           k.retry_backoff
  from campaigns k join contacts ct on ct.campaign_id = k.id`;

function toCampaign(r: Row): CampaignRules {
  return {
    id: r.c_id as string,
    orgId: r.org_id as string,
    status: r.c_status as string,
    timezone: r.timezone as string,
    businessHoursStart: r.business_hours_start as string,
    businessHoursEnd: r.business_hours_end as string,
    startAt: (r.start_at as Date | null) ?? null,
    endAt: (r.end_at as Date | null) ?? null,
    maxAttempts: r.max_attempts as number,
    timeGapSeconds: r.time_gap_seconds as number,
    maxConcurrentCalls: (r.c_max_concurrent as number | null) ?? null,
    retryBackoff: Boolean(r.retry_backoff),
  };
}

function toDue(r: Row): DueAttempt {
  return {
    id: r.id as string,
    orgId: r.org_id as string,
    attemptNumber: r.attempt_number as number,
    contactId: r.contact_id as string,
    phone: r.phone_e164 as string,
    name: r.name as string,
    email: r.email as string,
    variables: (r.variables ?? {}) as Record<string, string>,
    persona: (r.persona as string | null) ?? null,
    campaign: toCampaign(r),
  };
}

const toJob = (a: DueAttempt, callId: string): DialJob => ({
  attemptId: a.id,
  attemptNumber: a.attemptNumber,
  callId,
  orgId: a.orgId,
  campaignId: a.campaign.id,
  contactId: a.contactId,
  phone: a.phone,
  contactName: a.name,
  variables: a.variables,
  persona: a.persona,
});

async function applyVerdict(q: Queryable, id: string, v: Verdict): Promise<void> {
  if (v.kind === "close") {
    await q.query(
      "update call_attempts set status = 'done', outcome = $2, note = $3, updated_at = now() where id = $1",
      [id, v.outcome, v.note],
    );
  } else if (v.kind === "postpone") {
    await q.query("update call_attempts set due_at = $2, updated_at = now() where id = $1", [id, v.at]);
  }
}

/**
 * Under the lease lock: applies the postpone/close verdicts and picks the attempts that fit every limit
 * (organisation calls, minutes left, the campaign's own calls), counting what is live right now. Past `room`
 * (the calls this process can still serve in real time) an attempt that fits is held back, and its campaign
 * named in `held`.
 */
async function pickToDial(
  q: Queryable,
  due: DueAttempt[],
  verdicts: Map<string, Verdict>,
  room: number,
  held: Set<string>,
): Promise<DueAttempt[]> {
  const ids = due.map((a) => a.id);
  const still = new Set(
    (
      await q.query<{ id: string }>(
        "select id from call_attempts where id = any($1) and status = 'pending' for update skip locked",
        [ids],
      )
    ).map((r) => r.id),
  );
  const orgIds = [...new Set(due.map((a) => a.orgId))];
  const busy = new Map(
    (
      await q.query<{ org_id: string; n: number }>(
        `select org_id, count(*)::int as n from call_attempts where status = 'in_progress' and org_id = any($1)
          group by org_id`,
        [orgIds],
      )
    ).map((r) => [r.org_id, r.n]),
  );
  const limits = new Map(
    (
      await q.query<{ org_id: string; max_concurrent_calls: number; minutes_balance: number }>(
        "select org_id, max_concurrent_calls, minutes_balance from org_limits where org_id = any($1)",
        [orgIds],
      )
    ).map((r) => [r.org_id, r]),
  );
  // Per-campaign limits are counted under the same lock as the org's, so no two workers both take a last slot.
  const campaignIds = [...new Set(due.filter((a) => a.campaign.maxConcurrentCalls !== null).map((a) => a.campaign.id))];
  const campaignBusy = new Map(
    (
      await q.query<{ campaign_id: string; n: number }>(
        `select campaign_id, count(*)::int as n from call_attempts where status = 'in_progress'
          and campaign_id = any($1) group by campaign_id`,
        [campaignIds],
      )
    ).map((r) => [r.campaign_id, r.n]),
  );
  const toDial: DueAttempt[] = [];
  for (const a of due) {
    if (!still.has(a.id)) continue;
    const verdict = verdicts.get(a.id) ?? { kind: "dial" };
    if (verdict.kind !== "dial") {
      await applyVerdict(q, a.id, verdict);
      continue;
    }
    const limit = limits.get(a.orgId);
    if ((busy.get(a.orgId) ?? 0) >= (limit?.max_concurrent_calls ?? DEFAULT_CONCURRENCY)) continue;
    if (limit && limit.minutes_balance <= 0) continue; // out of conversation minutes: wait for a top-up
    const campaignLimit = a.campaign.maxConcurrentCalls;
    if (campaignLimit !== null && (campaignBusy.get(a.campaign.id) ?? 0) >= campaignLimit) continue;
    if (toDial.length >= room) {
      held.add(a.campaign.id);
      continue;
    }
    busy.set(a.orgId, (busy.get(a.orgId) ?? 0) + 1);
    campaignBusy.set(a.campaign.id, (campaignBusy.get(a.campaign.id) ?? 0) + 1);
    toDial.push(a);
  }
  return toDial;
}

/**
 * Under the lease lock: whether one more call fits the contact (no open call), the organisation (minutes,
 * simultaneous calls) and the campaign (state, simultaneous calls). Counts what is live right now,
 * calls placed by hand included, since those hold an in-progress attempt like the dialer's.
 */
async function refusalFor(
  q: Queryable,
  t: RingTarget,
): Promise<{ refused: LeaseRefusal } | { openId: string | undefined }> {
  const no = (refused: LeaseRefusal) => ({ refused });
  // The campaign first, with a share lock (a stop in flight is waited for, then seen), then its attempt:
  // the order a stop takes them in, so the two never wait on each other.
  const [k] = await q.query<{ status: string; max_concurrent_calls: number | null; direction: string }>(
    "select status, max_concurrent_calls, direction from campaigns where id = $1 for share",
    [t.campaign.id],
  );
  if (!k || !RINGABLE.has(k.status)) return no({ reason: "campaign_state", status: k?.status ?? "deleted" });
  // An inbound campaign's contacts are the people who called it: Parley never dials them, by hand or not.
  if (k.direction === "inbound") return no({ reason: "inbound_campaign" });
  const [open] = await q.query<{ id: string; status: string }>(
    "select id, status from call_attempts where contact_id = $1 and status in ('pending', 'in_progress') for update",
    [t.contactId],
  );
  if (open?.status === "in_progress") return no({ reason: "contact_busy" });
  const [org] = await q.query<{ max_concurrent_calls: number | null; minutes_balance: number | null; busy: number }>(
    `select l.max_concurrent_calls, l.minutes_balance::float8 as minutes_balance,
            (select count(*)::int from call_attempts b where b.org_id = $1
              and b.status = 'in_progress') + ${LIVE_INBOUND("$1")} as busy
     from (select 1) one left join org_limits l on l.org_id = $1`,
    [t.orgId],
  );
  if (org!.minutes_balance !== null && org!.minutes_balance <= 0) return no({ reason: "no_minutes" });
  const orgLimit = org!.max_concurrent_calls ?? DEFAULT_CONCURRENCY;
  if (org!.busy >= orgLimit) return no({ reason: "org_limit", limit: orgLimit });
  if (k.max_concurrent_calls !== null) {
    const [c] = await q.query<{ n: number }>(
      "select count(*)::int as n from call_attempts where campaign_id = $1 and status = 'in_progress'",
      [t.campaign.id],
    );
    if (c!.n >= k.max_concurrent_calls) return no({ reason: "campaign_limit", limit: k.max_concurrent_calls });
  }
  return { openId: open?.id };
}

/**
 * Takes the contact's attempt for a call by hand: its pending attempt is brought forward, or (none open)
 * a new one is added. Either way it is the one open attempt the unique index allows per contact.
 */
async function takeAttempt(
  q: Queryable,
  t: RingTarget,
  openId: string | undefined,
  worker: string,
  now: Date,
  leaseUntil: Date,
) {
  const rows = openId
    ? await q.query<{ id: string; attempt_number: number }>(
        `update call_attempts set status = 'in_progress', lease_owner = $2, lease_expires_at = $3, updated_at = now()
         where id = $1 and status = 'pending' returning id, attempt_number`,
        [openId, worker, leaseUntil],
      )
    : await q.query<{ id: string; attempt_number: number }>(
        `insert into call_attempts (org_id, campaign_id, contact_id, attempt_number, due_at, status, lease_owner,
          lease_expires_at)
         select $1, $2, $3, coalesce(max(attempt_number), 0) + 1, $4, 'in_progress', $5, $6 from call_attempts
           where contact_id = $3
         on conflict (contact_id) where status in ('pending', 'in_progress') do nothing returning id, attempt_number`,
        [t.orgId, t.campaign.id, t.contactId, now, worker, leaseUntil],
      );
  return rows[0] ?? null;
}

export function createDialerRepo(db: Db) {
  return {
    /**
     * Launch: one first attempt per contact of the campaign (contacts with an open attempt are skipped). An
     * inbound campaign dials no one: its contacts are the people who called it.
     */
    async enqueueCampaign(orgId: string, campaignId: string, dueAt: Date, q: Queryable = db): Promise<number> {
      const rows = await q.query(
        `insert into call_attempts (org_id, campaign_id, contact_id, attempt_number, due_at)
         select org_id, campaign_id, id, 1, $3 from contacts where org_id = $1 and campaign_id = $2
           and exists (select 1 from campaigns k where k.id = $2 and k.direction = 'outbound')
         on conflict (contact_id) where status in ('pending', 'in_progress') do nothing returning id`,
        [orgId, campaignId, dueAt],
      );
      return rows.length;
    },
    async cancelPending(campaignId: string, q: Queryable = db): Promise<void> {
      await q.query(
        `update call_attempts set status = 'cancelled', updated_at = now() where campaign_id = $1
          and status = 'pending'`,
        [campaignId],
      );
    },
    async activateDueCampaigns(now: Date): Promise<void> {
      // The dialer's own status changes clear updated_by: the last change was nobody's (see migration 0070).
      await db.query(
        `update campaigns set status = 'active', updated_at = now(), updated_by = null where status = 'scheduled'
          and (start_at is null or start_at <= $1)`,
        [now],
      );
    },

    /**
     * Candidates for this pass, read without locks (`leaseDue` re-checks them under lock): for each
     * organisation with due work, a free call slot and minutes left, its oldest due attempts, as many as it
     * has free slots (doubled, as some will wait for their window).
     */
    async dueAttempts(now: Date, limit: number): Promise<DueAttempt[]> {
      const orgs = await db.query<{ id: string; slots: number }>(
        `select o.id, coalesce(l.max_concurrent_calls, ${DEFAULT_CONCURRENCY})
                - (select count(*)::int from call_attempts b where b.org_id = o.id
                  and b.status = 'in_progress') - ${LIVE_INBOUND("o.id")} as slots
         from organizations o left join org_limits l on l.org_id = o.id
         where coalesce(l.minutes_balance, 1) > 0
           and exists (select 1 from call_attempts p where p.org_id = o.id and p.status = 'pending'
             and p.due_at <= $1)`,
        [now],
      );
      const out: DueAttempt[] = [];
      for (const org of orgs) {
        if (org.slots <= 0 || out.length >= limit) continue;
        const rows = await db.query<Row>(
          `${DUE_SELECT} where a.org_id = $1 and a.status = 'pending' and a.due_at <= $2 and c.status = 'active'
             and (c.max_concurrent_calls is null or c.id not in (${FULL_CAMPAIGNS}))
           order by a.due_at limit $3`,
          [org.id, now, Math.min(org.slots * 2, limit - out.length)],
        );
        out.push(...rows.map(toDue));
      }
      return out;
    },

    /**
     * Applies verdicts and leases the attempts to dial, inside one transaction under a lock shared by all
     * workers, so concurrency limits are counted exactly and no attempt is taken twice. At most `room` are
     * leased (this process's capacity); `held` gets the campaigns of those it had to leave for later.
     */
    async leaseDue(
      due: DueAttempt[],
      verdicts: Map<string, Verdict>,
      worker: string,
      leaseUntil: Date,
      room = Infinity,
      held = new Set<string>(),
    ): Promise<Leased[]> {
      if (!due.length) return [];
      return db.tx(async (q) => {
        await q.query("select pg_advisory_xact_lock($1)", [LEASE_LOCK]);
        const toDial = await pickToDial(q, due, verdicts, room, held);
        if (!toDial.length) return [];
        // One statement for all the call records and one for all the leases: the pass stays short.
        const p = (i: number, k: number) => `$${i * 8 + k}`;
        const values = toDial.map(
          (_, i) =>
            `(${p(i, 1)}::uuid, ${p(i, 2)}::uuid, ${p(i, 3)}::uuid, ` +
            `${p(i, 4)}::uuid, ${p(i, 5)}, ${p(i, 6)}, ${p(i, 7)}, ${p(i, 8)}::smallint)`,
        );
        const now = new Date();
        const calls = await q.query<{ id: string; attempt_id: string }>(
          `insert into calls (org_id, campaign_id, contact_id, attempt_id, lead_name, lead_phone, lead_email, service,
             contact_offset_mins)
           select v.org_id, v.campaign_id, v.contact_id, v.attempt_id, v.name, v.phone, v.email, c.service,
             v.offset_mins
           from (values ${values.join(", ")})
             as v(org_id, campaign_id, contact_id, attempt_id, name, phone, email, offset_mins)
           join campaigns c on c.id = v.campaign_id returning id, attempt_id`,
          toDial.flatMap((a) => [
            ...[a.orgId, a.campaign.id, a.contactId, a.id, a.name, a.phone, a.email],
            contactOffsetMins(a.phone, a.campaign.timezone, now),
          ]),
        );
        const callOf = new Map(calls.map((c) => [c.attempt_id, c.id]));
        await q.query(
          `update call_attempts a set status = 'in_progress', lease_owner = $1, lease_expires_at = $2,
            call_id = v.call_id, updated_at = now()
           from unnest($3::uuid[], $4::uuid[]) as v(attempt_id, call_id) where a.id = v.attempt_id`,
          [worker, leaseUntil, toDial.map((a) => a.id), toDial.map((a) => callOf.get(a.id))],
        );
        const leased: Leased[] = toDial.map((a) => ({ job: toJob(a, callOf.get(a.id)!), campaign: a.campaign }));
        return leased;
      });
    },

    /** The org's contact of one of its campaigns, with the campaign's dialing rules; null when not theirs. */
    async ringTarget(orgId: string, campaignId: string, contactId: string): Promise<RingTarget | null> {
      const rows = await db.query<Row>(`${TARGET_SELECT} where k.org_id = $1 and k.id = $2 and ct.id = $3`, [
        orgId,
        campaignId,
        contactId,
      ]);
      return rows[0] ? toDue({ ...rows[0], id: "", attempt_number: 0 }) : null;
    },

    /**
     * "Ring now": leases the contact's attempt to `worker` under the same lock and limits as `leaseDue`, so
     * neither the dialer nor another request can ring the contact meanwhile; creates the call record.
     */
    async leaseContact(
      t: RingTarget,
      worker: string,
      now: Date,
      leaseUntil: Date,
      placedBy: string | null = null,
    ): Promise<{ leased: Leased } | { refused: LeaseRefusal }> {
      return db.tx(async (q) => {
        await q.query("select pg_advisory_xact_lock($1)", [LEASE_LOCK]);
        const fits = await refusalFor(q, t);
        if ("refused" in fits) return fits;
        const attempt = await takeAttempt(q, t, fits.openId, worker, now, leaseUntil);
        if (!attempt) return { refused: { reason: "contact_busy" } };
        const [call] = await q.query<{ id: string }>(
          `insert into calls (org_id, campaign_id, contact_id, attempt_id, lead_name, lead_phone, lead_email, service,
            status, placed_by, contact_offset_mins)
           select $1, k.id, $3, $4, $5, $6, $7, k.service, 'ringing', $8::uuid, $9 from campaigns k where k.id = $2
             returning id`,
          [
            ...[t.orgId, t.campaign.id, t.contactId, attempt.id, t.name, t.phone, t.email, placedBy],
            contactOffsetMins(t.phone, t.campaign.timezone, now),
          ],
        );
        await q.query("update call_attempts set call_id = $2 where id = $1", [attempt.id, call!.id]);
        const job = toJob({ ...t, id: attempt.id, attemptNumber: attempt.attempt_number }, call!.id);
        return { leased: { job, campaign: t.campaign } };
      });
    },

    async extendLease(attemptId: string, worker: string, until: Date): Promise<void> {
      await db.query(
        "update call_attempts set lease_expires_at = $3 where id = $1 and lease_owner = $2 and status = 'in_progress'",
        [attemptId, worker, until],
      );
    },

    /** Takes over attempts whose worker died (lease expired), so they can be closed as dropped. */
    async reclaimExpiredLeases(now: Date, worker: string): Promise<Leased[]> {
      const rows = await db.query<Row>(
        `with taken as (
           update call_attempts set lease_owner = $2, lease_expires_at = $1::timestamptz + interval '5 minutes'
           where id in (select id from call_attempts where status = 'in_progress'
             and lease_expires_at < $1 for update skip locked)
           returning id)
         ${DUE_SELECT}, taken where a.id = taken.id`,
        [now, worker],
      );
      const calls = await db.query<{ id: string; call_id: string }>(
        "select id, call_id from call_attempts where id = any($1)",
        [rows.map((r) => r.id)],
      );
      const callOf = new Map(calls.map((r) => [r.id, r.call_id]));
      return rows.map(toDue).map((a) => ({ job: toJob(a, callOf.get(a.id)!), campaign: a.campaign }));
    },

    /**
     * Closes the attempt and its call and charges the minutes used, only while `worker` still holds the
     * lease: a worker that lost its lease (it stalled, another took over) must not overwrite the result.
     */
    async completeAttempt(
      job: DialJob,
      result: DialResult,
      endedAt: Date,
      worker: string,
      retryAt: Date | null,
    ): Promise<boolean> {
      return db.tx(async (q) => {
        const held = await q.query(
          `update call_attempts set status = 'done', outcome = $2, lease_owner = null, updated_at = now() where id = $1
            and status = 'in_progress' and lease_owner = $3 returning id`,
          [job.attemptId, result.outcome, worker],
        );
        if (!held.length) return false;
        // The retry is inserted in the same transaction, so no one ever sees the contact with no open attempt
        // in between (which would let the campaign be marked completed too early).
        if (retryAt) {
          await q.query(
            `insert into call_attempts (org_id, campaign_id, contact_id, attempt_number, due_at)
              values ($1, $2, $3, $4, $5)
             on conflict (contact_id) where status in ('pending', 'in_progress') do nothing`,
            [job.orgId, job.campaignId, job.contactId, job.attemptNumber + 1, retryAt],
          );
        }
        // Only a call its runner could not close (it threw, or the worker lost it) is closed here: a closed
        // row is the runner's, and a second ended_at would contradict what the live view already showed.
        await q.query(
          `update calls set status = case when $2 in ('no_answer', 'busy', 'failed', 'dropped') then $2
            else 'completed' end,
             outcome = coalesce(outcome, $2), ended_at = $3, duration_secs = $4 where id = $1 and ended_at is null`,
          [job.callId, result.outcome, endedAt, Math.round(result.durationSecs)],
        );
        const minutes = Math.ceil(result.durationSecs / 60);
        if (minutes > 0) {
          await q.query(
            `insert into org_limits (org_id, minutes_balance) values ($1, 1000 - $2)
             on conflict (org_id) do update set minutes_balance = org_limits.minutes_balance - $2, updated_at = now()`,
            [job.orgId, minutes],
          );
        }
        return true;
      });
    },

    async recentOutcomes(campaignId: string, n: number): Promise<string[]> {
      const rows = await db.query<{ outcome: string }>(
        `select outcome from call_attempts where campaign_id = $1 and status = 'done' and call_id is not null
          order by updated_at desc limit $2`,
        [campaignId, n],
      );
      return rows.map((r) => r.outcome).reverse();
    },
    async pauseCampaign(campaignId: string, reason: string): Promise<void> {
      await db.query(
        `update campaigns set status = 'paused', status_reason = $2, updated_at = now(), updated_by = null
          where id = $1 and status = 'active'`,
        [campaignId, reason],
      );
    },
    /**
     * Pauses, saying why, the dialling campaigns (work still waiting) of organisations whose minutes are
     * spent (of one organisation when given): otherwise they would sit "active" and silently call no one.
     */
    async pauseOutOfMinutes(reason: string, orgId: string | null = null): Promise<void> {
      await db.query(
        `update campaigns k set status = 'paused', status_reason = $1, updated_at = now(), updated_by = null
         where k.status = 'active' and ($2::uuid is null or k.org_id = $2)
           and k.org_id in (select org_id from org_limits where minutes_balance <= 0)
           and exists (select 1 from call_attempts a where a.campaign_id = k.id and a.status = 'pending')`,
        [reason, orgId],
      );
    },
    /** Marks the campaign completed when no call is left; answers it when this call did so (once). */
    async completeCampaignIfDone(campaignId: string): Promise<{ org_id: string; name: string } | null> {
      const [done] = await db.query<{ org_id: string; name: string }>(
        `update campaigns set status = 'completed', updated_at = now(), updated_by = null where id = $1
          and status = 'active'
         and not exists (select 1 from call_attempts where campaign_id = $1 and status in ('pending', 'in_progress'))
         returning org_id, name`,
        [campaignId],
      );
      return done ?? null;
    },
  };
}
export type DialerRepo = ReturnType<typeof createDialerRepo>;
