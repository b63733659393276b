import { TranscriptTurn } from "@parley/shared/calls";
import { KbSource } from "@parley/shared/knowledge-base";
import {
  type CallScorecard,
  type CampaignScorecard,
  FAILED_CALLS_LIMIT,
  SCORECARD_CHECKS,
  type ScorecardCheckId,
} from "@parley/shared/scorecard";
import type { Clock } from "../../platform/clock.ts";
import { SCORECARD_VERSION, scoreCall } from "./score-call.ts";
import { type ScoreInput, spokenOrder } from "./score-input.ts";
import type { ScoreSourceRow, ScorecardRepo } from "./scorecard.repo.ts";

type Deps = {
  repo: ScorecardRepo;
  clock: Clock;
  /** Throws not found for a campaign of another organisation (the campaigns service's get). */
  campaignExists(orgId: string, campaignId: string): Promise<unknown>;
};

/** Older calls of a campaign scored per read of its scorecard: the rest on the next reads. */
export const SCORE_PER_READ = 200;

/** Stored JSON comes from the voice engine and the knowledge path: what does not parse is left out. */
const parsed = <T>(items: unknown[] | null, schema: { safeParse(v: unknown): { success: boolean; data?: T } }) =>
  (items ?? []).flatMap((v) => {
    const p = schema.safeParse(v);
    return p.success ? [p.data as T] : [];
  });

const isFaq = (f: unknown): f is { question: string; answer: string } =>
  typeof f === "object" && f !== null && typeof (f as { answer?: unknown }).answer === "string";

export function toScoreInput(row: ScoreSourceRow): ScoreInput {
  return {
    lines: spokenOrder(parsed(row.transcript, TranscriptTurn)),
    answered: row.answered,
    outcome: row.outcome,
    recorded: row.recorded,
    goal: row.goal ?? "",
    faqs: (row.faqs ?? []).filter(isFaq),
    kbSources: parsed(row.kb_sources, KbSource),
    booking: row.meeting_start
      ? { startAt: row.meeting_start, timezone: row.timezone ?? "UTC", madeAtMs: row.meeting_made_ms }
      : null,
  };
}

export function createScorecardService({ repo, clock, campaignExists }: Deps) {
  /** Scores an ended call and keeps the result; null when the call is unknown or still running. */
  async function score(orgId: string, callId: string): Promise<CallScorecard | null> {
    const row = await repo.source(orgId, callId);
    if (!row) return null;
    const checks = scoreCall(toScoreInput(row));
    const at = clock.now();
    await repo.save(orgId, { callId, campaignId: row.campaign_id, version: SCORECARD_VERSION, checks, at });
    return { checks, version: SCORECARD_VERSION, computed_at: at.toISOString() };
  }

  return {
    score,

    /** The call's scorecard: the stored one, or computed now for a call scored before (or never). */
    async forCall(orgId: string, callId: string): Promise<CallScorecard | null> {
      const stored = await repo.get(orgId, callId);
      if (stored && stored.version === SCORECARD_VERSION)
        return { checks: stored.checks, version: stored.version, computed_at: stored.computed_at.toISOString() };
      return score(orgId, callId);
    },

    /** Each check's pass rate over the campaign's calls, and the calls that failed one (or `check`). */
    async forCampaign(orgId: string, campaignId: string, check?: ScorecardCheckId): Promise<CampaignScorecard> {
      await campaignExists(orgId, campaignId);
      for (const id of await repo.unscored(orgId, campaignId, SCORECARD_VERSION, SCORE_PER_READ))
        await score(orgId, id);
      const [counts, calls, failed] = await Promise.all([
        repo.counts(orgId, campaignId),
        repo.scoredCalls(orgId, campaignId),
        repo.failedCalls(orgId, campaignId, check ?? null, FAILED_CALLS_LIMIT),
      ]);
      const n = (c: string, r: string) => counts.find((x) => x.check === c && x.result === r)?.n ?? 0;
      return {
        calls,
        checks: SCORECARD_CHECKS.map((c) => {
          const [pass, fail, na] = [n(c, "pass"), n(c, "fail"), n(c, "na")];
          return { check: c, pass, fail, na, pass_rate: pass + fail ? pass / (pass + fail) : null };
        }),
        failed_calls: failed.rows.map((r) => ({
          call_id: r.call_id,
          lead_name: r.lead_name,
          lead_phone: r.lead_phone,
          started_at: r.started_at.toISOString(),
          failed: r.checks.filter((x) => x.result === "fail" && (!check || x.check === check)),
        })),
        failed_total: failed.total,
      };
    },
  };
}
export type ScorecardService = ReturnType<typeof createScorecardService>;
