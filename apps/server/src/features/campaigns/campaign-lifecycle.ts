import type { CampaignStatus } from "@parley/shared/campaigns";

export const LIFECYCLE_ACTIONS = ["launch", "pause", "resume", "stop"] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

type Schedule = { status: CampaignStatus; start_immediately: boolean; start_at: Date | null; end_at: Date | null };
export type Transition = { ok: true; status: CampaignStatus } | { ok: false; message: string };

/** Statuses in which the dialer may be working on a campaign (or about to). */
export const RUNNING_STATUSES: readonly CampaignStatus[] = ["scheduled", "active", "paused"];

/** Running now, or waiting for its start time. */
function runningStatus(c: Schedule, now: Date): CampaignStatus {
  return !c.start_immediately && c.start_at && c.start_at > now ? "scheduled" : "active";
}

const ended = (c: Schedule, now: Date) => c.end_at !== null && c.end_at <= now;
const ENDED = "This campaign's end date has already passed. Change its dates before starting it.";

/**
 * The campaign state machine (spec §4 plus pause/resume/stop): launch draft → scheduled (start in the
 * future) or active; pause active/scheduled → paused; resume paused → active/scheduled; stop
 * scheduled/active/paused → stopped. Anything else is refused with a message the user can act on.
 */
export function transition(action: LifecycleAction, c: Schedule, now: Date): Transition {
  switch (action) {
    case "launch":
      if (c.status !== "draft")
        return { ok: false, message: `Only a draft campaign can be launched; this one is ${c.status}.` };
      if (ended(c, now)) return { ok: false, message: ENDED };
      return { ok: true, status: runningStatus(c, now) };
    case "pause":
      if (c.status !== "active" && c.status !== "scheduled") {
        return { ok: false, message: `Only an active or scheduled campaign can be paused; this one is ${c.status}.` };
      }
      return { ok: true, status: "paused" };
    case "resume":
      if (c.status !== "paused")
        return { ok: false, message: `Only a paused campaign can be resumed; this one is ${c.status}.` };
      if (ended(c, now)) return { ok: false, message: ENDED };
      return { ok: true, status: runningStatus(c, now) };
    case "stop":
      if (!RUNNING_STATUSES.includes(c.status)) {
        return {
          ok: false,
          message:
            c.status === "draft"
              ? "A draft campaign has not started, so there is nothing to stop."
              : `This campaign is already ${c.status}.`,
        };
      }
      return { ok: true, status: "stopped" };
  }
}
