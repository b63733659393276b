import { z } from "zod";

/**
 * The scorecard of a call (docs/scorecard.md): checks computed from its transcript and what the call recorded
 * (outcome, knowledge-base lookups, the meeting it booked). Each passes, fails or does not apply.
 */
export const SCORECARD_CHECKS = [
  "ai_disclosed",
  "recording_disclosed",
  "goal_asked",
  "questions_answered",
  "booking_read_back",
  "opt_out_honoured",
  "no_outside_promise",
  "talk_ratio",
  "longest_silence",
  "agent_interrupted",
  "callee_interrupted",
  "first_word",
] as const;
export const ScorecardCheckId = z.enum(SCORECARD_CHECKS, {
  error: `check must be one of ${SCORECARD_CHECKS.join(", ")}.`,
});
export type ScorecardCheckId = z.infer<typeof ScorecardCheckId>;

/** What each check is called on screen. */
export const SCORECARD_LABELS: Record<ScorecardCheckId, string> = {
  ai_disclosed: "AI disclosed",
  recording_disclosed: "Recording disclosed",
  goal_asked: "Goal asked",
  questions_answered: "Questions answered",
  booking_read_back: "Booking read back",
  opt_out_honoured: "Opt-out honoured",
  no_outside_promise: "No promise outside knowledge",
  talk_ratio: "Talk ratio",
  longest_silence: "Longest silence",
  agent_interrupted: "Agent let the lead finish",
  callee_interrupted: "Lead rarely cut the agent off",
  first_word: "Time to first word",
};

export const ScorecardResult = z.enum(["pass", "fail", "na"]);
export type ScorecardResult = z.infer<typeof ScorecardResult>;

/** The transcript line that decided a check: its place in spoken order and when it started (ms since answer). */
export const ScorecardLine = z.object({ index: z.number().int(), at_ms: z.number() });
export type ScorecardLine = z.infer<typeof ScorecardLine>;

export const ScorecardCheck = z.object({
  check: ScorecardCheckId,
  result: ScorecardResult,
  /** null when no single line decided it (nothing was said, or the check does not apply). */
  line: ScorecardLine.nullable(),
  /** The measure of a timing check (ms, a share 0–1, a count); null for the others. */
  value: z.number().nullable(),
  /** Why, in a sentence a manager reads. */
  note: z.string(),
});
export type ScorecardCheck = z.infer<typeof ScorecardCheck>;

export const CallScorecard = z.object({
  checks: z.array(ScorecardCheck),
  /** The rules' version the checks were computed with (a newer version recomputes them). */
  version: z.number().int(),
  computed_at: z.string(),
});
export type CallScorecard = z.infer<typeof CallScorecard>;

/** GET /api/campaigns/{id}/scorecard: `check` narrows the failed calls to those that failed it. */
export const CampaignScorecardQuery = z.object({ check: ScorecardCheckId.optional() });
export type CampaignScorecardQuery = z.infer<typeof CampaignScorecardQuery>;

export const ScorecardCheckRate = z.object({
  check: ScorecardCheckId,
  pass: z.number().int(),
  fail: z.number().int(),
  na: z.number().int(),
  /** pass / (pass + fail); null when the check applied to no call. */
  pass_rate: z.number().nullable(),
});
export type ScorecardCheckRate = z.infer<typeof ScorecardCheckRate>;

export const FailedCall = z.object({
  call_id: z.string(),
  lead_name: z.string(),
  lead_phone: z.string(),
  started_at: z.string(),
  /** The checks it failed, each with the moment that decided it. */
  failed: z.array(ScorecardCheck),
});
export type FailedCall = z.infer<typeof FailedCall>;

/** The most failed calls a campaign's scorecard lists, newest first. */
export const FAILED_CALLS_LIMIT = 50;

export const CampaignScorecard = z.object({
  /** Ended calls of the campaign with a scorecard. */
  calls: z.number().int(),
  checks: z.array(ScorecardCheckRate),
  failed_calls: z.array(FailedCall),
  /** How many calls failed (the narrowed check, or any); `failed_calls` holds the newest FAILED_CALLS_LIMIT. */
  failed_total: z.number().int(),
});
export type CampaignScorecard = z.infer<typeof CampaignScorecard>;
