import { CallRefusedMessages as M, OUT_OF_MINUTES_REASON, type CallRefusal } from "@parley/shared/calls";
import { DateTime } from "luxon";
import { AppError, notFound } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { nextCallTime, type CallWindowRules } from "./call-window.ts";
import { handCallRules, windowRules } from "./dialer-rules.ts";
import type { CallPlacer, CampaignRules, DialJob, DialResult } from "./dialer.types.ts";
import type { DialerRepo, DueAttempt, LeaseRefusal, RingTarget, Verdict } from "./dialer.repo.ts";
import { decideRetry, shouldTripBreaker } from "./retry-policy.ts";
import { retryTime, type AnswerHourStats } from "./best-retry-hour.ts";
import { contactZone } from "../calls/contact-zone.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import type { Admission } from "./admission.ts";
import { createCapacityReports } from "./capacity-reports.ts";
import type { CapacityRepo } from "./capacity.repo.ts";

export type DialerDeps = {
  repo: DialerRepo;
  placer: CallPlacer;
  clock: Clock;
  log: Logger;
  workerId: string;
  /** How long a lease lasts without a heartbeat; a dead worker's calls come back after this. */
  leaseMs?: number;
  /** How many due attempts one scheduling pass looks at. */
  batchSize?: number;
  /** Numbers on the org's do-not-call list are never dialled. */
  isDoNotCall(orgId: string, phones: string[]): Promise<Set<string>>;
  events?: WebhookEvents;
  /** This process's admission control: no call is placed past what it can serve in real time. */
  admission?: Admission;
  /** Where the process says what it can carry and which campaigns it holds back (the campaign view reads it). */
  capacity?: CapacityRepo;
  /** When the organisation's contacts answer (the analytics rollups); without it retries keep the time gap. */
  answerHours?(orgId: string): Promise<AnswerHourStats>;
  /** How many days past the evenly spread time a retry may wait for a better hour (MAX_EXTRA_WAIT_DAYS). */
  maxExtraWaitDays?: number;
};

const refuse = (message: string, details: CallRefusal) => new AppError("conflict", message, details);

function leaseRefusal(r: LeaseRefusal): AppError {
  switch (r.reason) {
    case "contact_busy":
      return refuse(M.contactBusy, { reason: r.reason });
    case "inbound_campaign":
      return refuse(M.inboundCampaign, { reason: r.reason });
    case "no_minutes":
      return refuse(M.noMinutes, { reason: r.reason });
    case "org_limit":
      return refuse(M.orgLimit(r.limit), { reason: r.reason, limit: r.limit });
    case "campaign_limit":
      return refuse(M.campaignLimit(r.limit), { reason: r.reason, limit: r.limit });
    case "campaign_state":
      return refuse(M.campaignState(r.status), { reason: r.reason });
  }
}

const atCapacity = (admission: Admission) =>
  refuse(M.atCapacity(admission.message()), { reason: "at_capacity", limit: admission.capacity().calls });

/**
 * When the contact's calling window is closed, the refusal says when it opens on the contact's clock:
 * in the zone that holds it shut (the one where it opens at the start of the legal hours), when the
 * number's country has several.
 */
function outsideHours(now: Date, rules: CallWindowRules): AppError | null {
  const next = nextCallTime(now, rules);
  if (!next) return refuse(M.noWindow, { reason: "no_window" });
  if (next.getTime() <= now.getTime()) return null;
  const at = (zone: string) => DateTime.fromJSDate(next, { zone });
  const zone =
    rules.contactZones.find((z) => at(z).toFormat("HH:mm") === rules.contactHours.start) ??
    rules.contactZones[0] ??
    rules.timezone;
  const local = at(zone).toFormat("HH:mm 'on' ccc d LLL");
  return refuse(M.outsideHours(local, zone), {
    reason: "outside_hours",
    opens_at: next.toISOString(),
    contact_zone: zone,
    contact_local_time: at(zone).toISO()!,
  });
}

/**
 * The dialer: turns due attempts into calls within every rule (hours, dates, limits, minutes, do-not-call),
 * records what happened and schedules retries. Stateless: any number of workers can run it on one database.
 */
export function createDialerService(deps: DialerDeps) {
  const { repo, placer, clock, log } = deps;
  const leaseMs = deps.leaseMs ?? 120_000;
  const running = new Map<string, AbortController>();
  // Every call's run, until its attempt is recorded: closing the app waits for them (see idle).
  const inFlight = new Set<Promise<void>>();
  const reports = deps.admission && deps.capacity ? createCapacityReports(deps.admission, deps.capacity, deps) : null;

  /** Whether a due attempt may be dialled now, must wait for its next window, or can never be. */
  function verdictFor(a: DueAttempt, now: Date, blocked: Set<string>): Verdict {
    if (blocked.has(a.phone))
      return { kind: "close", outcome: "do_not_call", note: "Number is on the do-not-call list." };
    const next = nextCallTime(now, windowRules(a.campaign, a.phone));
    if (!next) return { kind: "close", outcome: "cancelled", note: "No calling window left before the campaign ends." };
    return next.getTime() > now.getTime() ? { kind: "postpone", at: next } : { kind: "dial" };
  }

  /** The retry's time: into the organisation's best answering hours once it has learnt them (best-retry-hour.ts). */
  async function scheduleRetry(job: DialJob, campaign: CampaignRules, notBefore: Date, askedFor: boolean) {
    const stats = askedFor
      ? null
      : await deps.answerHours?.(job.orgId).catch((err: Error) => {
          log.warn({ err, orgId: job.orgId }, "answer hours unreadable: the retry keeps the campaign's time gap");
          return null;
        });
    const zone = contactZone(job.phone, campaign.timezone);
    const rules = windowRules(campaign, job.phone);
    return retryTime(notBefore, rules, zone, stats ?? null, askedFor, deps.maxExtraWaitDays);
  }

  async function finish(job: DialJob, campaign: CampaignRules, result: DialResult): Promise<void> {
    const endedAt = result.endedAt ?? clock.now();
    const rules = {
      maxAttempts: campaign.maxAttempts,
      timeGapSeconds: campaign.timeGapSeconds,
      backoff: campaign.retryBackoff,
    };
    const retry = decideRetry(result.outcome, job.attemptNumber, endedAt, rules, result.callbackAt);
    const retryAt = retry.retry
      ? await scheduleRetry(job, campaign, retry.notBefore, Boolean(result.callbackAt))
      : null;
    // lease lost: another worker owns it
    if (!(await repo.completeAttempt(job, result, endedAt, deps.workerId, retryAt))) return;
    await repo.pauseOutOfMinutes(OUT_OF_MINUTES_REASON, job.orgId); // this call may have spent the last minutes
    if (shouldTripBreaker(await repo.recentOutcomes(campaign.id, 20))) {
      await repo.pauseCampaign(
        campaign.id,
        "Paused automatically: over half of the last 20 calls failed at the carrier.",
      );
    }
    const completed = await repo.completeCampaignIfDone(campaign.id);
    if (completed)
      await deps.events?.emit(completed.org_id, "campaign.completed", {
        campaign_id: campaign.id,
        name: completed.name,
      });
  }

  function run(job: DialJob, campaign: CampaignRules, hangUp?: AbortSignal): Promise<void> {
    const p = runCall(job, campaign, hangUp).finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  }

  async function runCall(job: DialJob, campaign: CampaignRules, hangUp?: AbortSignal): Promise<void> {
    const controller = new AbortController();
    hangUp?.addEventListener("abort", () => controller.abort(), { once: true });
    running.set(job.attemptId, controller);
    const release = deps.admission?.begin();
    let renewedAt = Date.now();
    const renew = () =>
      repo.extendLease(job.attemptId, deps.workerId, new Date(clock.now().getTime() + leaseMs)).then(
        () => {
          renewedAt = Date.now();
        },
        (err: Error) => {
          // Two renewals missed: the lease is about to run out and another worker would take the contact
          // over. Hang up first, so no contact is ever on two calls at once.
          if (Date.now() - renewedAt < (2 * leaseMs) / 3 || controller.signal.aborted) return;
          log.warn(
            { err, attemptId: job.attemptId },
            "call hung up: its lease could not be renewed (the database cannot be reached); the attempt is retried",
          );
          controller.abort();
        },
      );
    const heartbeat = setInterval(renew, leaseMs / 3);
    heartbeat.unref(); // a live call keeps its lease; it must not keep a stopping process alive
    try {
      const result = await placer.place(job, controller.signal).catch((err: Error) => {
        log.error({ err, attemptId: job.attemptId }, "call failed");
        return { outcome: "failed", durationSecs: 0 } satisfies DialResult;
      });
      await finish(job, campaign, result).catch((err: Error) => {
        // Not recorded (the database is out of reach): the lease runs out and a worker closes the attempt
        // as dropped and retries it, so the contact is not lost.
        log.error(
          { err, attemptId: job.attemptId },
          "call ended but its attempt could not be recorded; it will be retried",
        );
      });
    } finally {
      clearInterval(heartbeat);
      running.delete(job.attemptId);
      release?.();
    }
  }

  return {
    /** One scheduling pass: recover dead leases, start due campaigns, lease what may be dialled now. */
    async tick(): Promise<number> {
      const now = clock.now();
      for (const dropped of await repo.reclaimExpiredLeases(now, deps.workerId)) {
        await finish(dropped.job, dropped.campaign, { outcome: "dropped", durationSecs: 0 });
      }
      await repo.activateDueCampaigns(now);
      await repo.pauseOutOfMinutes(OUT_OF_MINUTES_REASON);
      const due = await repo.dueAttempts(now, deps.batchSize ?? 200);
      const blocked = new Set<string>();
      for (const [orgId, phones] of groupBy(
        due,
        (a) => a.orgId,
        (a) => a.phone,
      )) {
        for (const p of await deps.isDoNotCall(orgId, phones)) blocked.add(p);
      }
      const verdicts = new Map(due.map((a) => [a.id, verdictFor(a, now, blocked)] as const));
      // Only as many calls as this process can serve in real time; the campaigns of the rest are told why.
      const held = new Set<string>();
      const room = deps.admission?.room() ?? Number.POSITIVE_INFINITY;
      const leased = await repo.leaseDue(due, verdicts, deps.workerId, new Date(now.getTime() + leaseMs), room, held);
      for (const { job, campaign } of leased) void run(job, campaign);
      await reports?.afterPass(held, now);
      return leased.length;
    },
    /**
     * "Ring now": one call to one contact, at once, within the dialer's rules (campaign state, do-not-call,
     * contact-local hours, limits, minutes) and under the same lease, so the dialer and this never ring
     * one contact twice. The call runs in this process (`hangUp` ends it); `ended` settles after it.
     * `placedBy` is the user who asked for the call, kept on the call record.
     */
    async ringNow(
      orgId: string,
      campaignId: string,
      contactId: string,
      hangUp?: AbortSignal,
      placedBy: string | null = null,
    ): Promise<{ callId: string; ended: Promise<void> }> {
      // Past capacity the answer comes before any query: a busy process must still refuse at once.
      if (deps.admission && deps.admission.room() <= 0) throw atCapacity(deps.admission);
      const target: RingTarget | null = await repo.ringTarget(orgId, campaignId, contactId);
      if (!target) throw notFound("Contact");
      if (["stopped", "completed", "failed"].includes(target.campaign.status))
        throw leaseRefusal({ reason: "campaign_state", status: target.campaign.status });
      if ((await deps.isDoNotCall(orgId, [target.phone])).size) throw refuse(M.doNotCall, { reason: "do_not_call" });
      const now = clock.now();
      const closed = outsideHours(now, handCallRules(target.phone));
      if (closed) throw closed;
      const lease = await repo.leaseContact(target, deps.workerId, now, new Date(now.getTime() + leaseMs), placedBy);
      if ("refused" in lease) throw leaseRefusal(lease.refused);
      const ended = run(lease.leased.job, lease.leased.campaign, hangUp).catch((err: Error) =>
        log.error({ err, callId: lease.leased.job.callId }, "call by hand failed"),
      );
      return { callId: lease.leased.job.callId, ended };
    },
    /** Calls this worker is placing right now. */
    activeCalls: () => running.size,
    /** Stops new work and abandons live calls (their leases expire and they are recorded as dropped). */
    abortAll() {
      for (const c of running.values()) c.abort();
    },
    /** Settles once every call this worker started has ended and its attempt is recorded. */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
export type DialerService = ReturnType<typeof createDialerService>;

function groupBy<T, V>(items: T[], key: (t: T) => string, value: (t: T) => V): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const it of items) out.set(key(it), [...(out.get(key(it)) ?? []), value(it)]);
  return out;
}
