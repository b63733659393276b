/**
 * GET /api/campaigns/{id}/progress: Server-Sent Events, `event: progress` with a `CampaignProgress` each
 * time it changes. Counts are per contact: `pending` waits for a (re)try, `in_progress` is on a call now,
 * `done` is finished, and `by_outcome` splits `done` by how each contact's last attempt ended.
 */
import { z } from "zod";
import { CampaignStatus } from "./campaigns.ts";

/** Outcomes always present in `by_outcome` (0 when none); others the dialer records are added as they occur. */
export const PROGRESS_OUTCOMES = [
  "interested",
  "scheduled",
  "follow_up",
  "not_interested",
  "completed",
  "voicemail",
  "no_answer",
  "busy",
  "failed",
  "dropped",
  "do_not_call",
  "cancelled",
] as const;

export const LiveCallLine = z.object({ speaker: z.enum(["agent", "callee"]), text: z.string() });
export type LiveCallLine = z.infer<typeof LiveCallLine>;

export const ProgressLiveCall = z.object({
  call_id: z.string(),
  contact_name: z.string(),
  phone: z.string(),
  status: z.string(),
  started_at: z.string(),
  /** The newest transcript line, null before anyone spoke. */
  last_line: LiveCallLine.nullable(),
});
export type ProgressLiveCall = z.infer<typeof ProgressLiveCall>;

export const CampaignProgress = z.object({
  status: CampaignStatus,
  status_reason: z.string().nullable(),
  contacts: z.number(),
  pending: z.number(),
  in_progress: z.number(),
  done: z.number(),
  by_outcome: z.record(z.string(), z.number()),
  /** The calls on the line now, oldest first (at most 20). */
  live_calls: z.array(ProgressLiveCall),
});
export type CampaignProgress = z.infer<typeof CampaignProgress>;

/** The stream ends by itself once the campaign can no longer change: not running and no call on the line. */
export function progressIsFinal(p: Pick<CampaignProgress, "status" | "in_progress">): boolean {
  return !["scheduled", "active", "paused"].includes(p.status) && p.in_progress === 0;
}
