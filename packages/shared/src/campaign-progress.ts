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
  "not_understood",
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

/**
 * What the dialer is doing for this campaign right now and why, worked out on the server from the rules the
 * dialer itself applies (campaign state, calling hours in the contact's zone, business hours, limits, minutes).
 * `message` is whole sentences for the campaign's header; `next_at` is when the next call may start, when the
 * dialer is waiting for a known instant (the web app counts down to it). `at_capacity`: contacts are due but the
 * server places only the calls it can serve in real time (the campaign view shows a banner).
 */
export const DialerActivityState = z.enum([
  "draft",
  "scheduled",
  "calling",
  "starting",
  "waiting_calling_hours",
  "waiting_business_hours",
  "waiting_retry",
  "no_minutes",
  "at_limit",
  "at_capacity",
  "no_window",
  "paused",
  "finished",
]);
export type DialerActivityState = z.infer<typeof DialerActivityState>;
export const DialerActivity = z.object({
  state: DialerActivityState,
  message: z.string(),
  next_at: z.string().nullable(),
  /** waiting_calling_hours: the contact's zone whose hours open first, and that opening on their clock ("9:00 AM"). */
  contact_zone: z.string().nullable(),
  contact_local_time: z.string().nullable(),
});
export type DialerActivity = z.infer<typeof DialerActivity>;

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
  activity: DialerActivity,
});
export type CampaignProgress = z.infer<typeof CampaignProgress>;

/** The stream ends by itself once the campaign can no longer change: not running and no call on the line. */
export function progressIsFinal(p: Pick<CampaignProgress, "status" | "in_progress">): boolean {
  return !["scheduled", "active", "paused"].includes(p.status) && p.in_progress === 0;
}
