import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { nextCallTime, clampContactHours, type CallWindowRules } from "./call-window.ts";
import { contactZones } from "./contact-zones.ts";
import type { CallPlacer, CampaignRules, DialJob, DialResult } from "./dialer.types.ts";
import type { DialerRepo, DueAttempt, Verdict } from "./dialer.repo.ts";
import { decideRetry, shouldTripBreaker } from "./retry-policy.ts";

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
};

const windowRules = (c: CampaignRules, phone: string): CallWindowRules => ({
  businessHours: { start: c.businessHoursStart, end: c.businessHoursEnd },
  timezone: c.timezone,
  startAt: c.startAt,
  endAt: c.endAt,
  contactZones: contactZones(phone),
  contactHours: clampContactHours(null),
});

/**
 * The dialer: turns due attempts into calls within every rule (hours, dates, limits, minutes, do-not-call),
 * records what happened and schedules retries. Stateless: any number of workers can run it on one database.
 */
export function createDialerService(deps: DialerDeps) {
  const { repo, placer, clock, log } = deps;
  const leaseMs = deps.leaseMs ?? 120_000;
  const running = new Map<string, AbortController>();

  /** Whether a due attempt may be dialled now, must wait for its next window, or can never be. */
  function verdictFor(a: DueAttempt, now: Date, blocked: Set<string>): Verdict {
    if (blocked.has(a.phone)) return { kind: "close", outcome: "do_not_call", note: "Number is on the do-not-call list." };
    const next = nextCallTime(now, windowRules(a.campaign, a.phone));
    if (!next) return { kind: "close", outcome: "cancelled", note: "No calling window left before the campaign ends." };
    return next.getTime() > now.getTime() ? { kind: "postpone", at: next } : { kind: "dial" };
  }

  async function finish(job: DialJob, campaign: CampaignRules, result: DialResult): Promise<void> {
    const endedAt = clock.now();
    const rules = { maxAttempts: campaign.maxAttempts, timeGapSeconds: campaign.timeGapSeconds, backoff: campaign.retryBackoff };
    const retry = decideRetry(result.outcome, job.attemptNumber, endedAt, rules, result.callbackAt);
    const retryAt = retry.retry ? nextCallTime(retry.notBefore, windowRules(campaign, job.phone)) : null;
    if (!(await repo.completeAttempt(job, result, endedAt, deps.workerId, retryAt))) return; // lease lost: another worker owns it
    if (shouldTripBreaker(await repo.recentOutcomes(campaign.id, 20))) {
      await repo.pauseCampaign(campaign.id, "Paused automatically: over half of the last 20 calls failed at the carrier.");
    }
    await repo.completeCampaignIfDone(campaign.id);
  }

  async function run(job: DialJob, campaign: CampaignRules): Promise<void> {
    const controller = new AbortController();
    running.set(job.attemptId, controller);
    const heartbeat = setInterval(() => void repo.extendLease(job.attemptId, deps.workerId, new Date(clock.now().getTime() + leaseMs)), leaseMs / 3);
    heartbeat.unref(); // a live call keeps its lease; it must not keep a stopping process alive
    try {
      const result = await placer.place(job, controller.signal).catch((err: Error) => {
        log.error({ err, attemptId: job.attemptId }, "call failed");
        return { outcome: "failed", durationSecs: 0 } satisfies DialResult;
      });
      await finish(job, campaign, result);
    } finally {
      clearInterval(heartbeat);
      running.delete(job.attemptId);
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
      const due = await repo.dueAttempts(now, deps.batchSize ?? 200);
      const blocked = new Set<string>();
      for (const [orgId, phones] of groupBy(due, (a) => a.orgId, (a) => a.phone)) {
        for (const p of await deps.isDoNotCall(orgId, phones)) blocked.add(p);
      }
      const verdicts = new Map(due.map((a) => [a.id, verdictFor(a, now, blocked)] as const));
      const leased = await repo.leaseDue(due, verdicts, deps.workerId, new Date(now.getTime() + leaseMs));
      for (const { job, campaign } of leased) void run(job, campaign);
      return leased.length;
    },
    /** Calls this worker is placing right now. */
    activeCalls: () => running.size,
    /** Stops new work and abandons live calls (their leases expire and they are recorded as dropped). */
    abortAll() {
      for (const c of running.values()) c.abort();
    },
  };
}
export type DialerService = ReturnType<typeof createDialerService>;

function groupBy<T, V>(items: T[], key: (t: T) => string, value: (t: T) => V): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const it of items) out.set(key(it), [...(out.get(key(it)) ?? []), value(it)]);
  return out;
}
