import { DateTime } from "luxon";
import type { DialerActivity } from "@parley/shared/campaign-progress";
import type { CampaignStatus } from "@parley/shared/campaigns";
import { OUT_OF_MINUTES_REASON } from "@parley/shared/calls";
import { nextCallTime } from "./call-window.ts";
import { windowRules } from "./dialer-rules.ts";
import type { CampaignRules } from "./dialer.types.ts";

/** The organisation's limits as the dialer counts them (dialer.repo.ts pickToDial). */
export const DEFAULT_ORG_CONCURRENCY = 10;

export type ActivityInput = {
  campaign: Pick<CampaignRules, "businessHoursStart" | "businessHoursEnd" | "timezone" | "startAt" | "endAt"> & {
    status: CampaignStatus;
    statusReason: string | null;
  };
  counts: { contacts: number; pending: number; in_progress: number; done: number };
  /** The organisation's simultaneous-call limit, minutes left (null: no limits row) and calls on the line now. */
  org: { maxConcurrentCalls: number; minutesBalance: number | null; callsOnLine: number };
  /** The campaign's pending attempts that are due first (a sample: the dialer's next pass looks at these). */
  waiting: Array<{ dueAt: Date; phone: string }>;
  /** Set while a dialing process holds this campaign's due calls back for capacity: what it says (capacity.repo). */
  heldForCapacity?: string | null;
};

const none = { next_at: null, contact_zone: null, contact_local_time: null };
const clock = (d: DateTime) => d.toFormat("h:mm a");

/**
 * What the dialer is doing for one campaign and why, in the order the dialer itself decides: the campaign's
 * state, then calls on the line, then minutes and the organisation's line limit, then the earliest instant
 * any waiting contact may be rung under the calling-window rules (`nextCallTime`, as the dialer postpones).
 */
export function dialerActivity(x: ActivityInput, now: Date): DialerActivity {
  const c = x.campaign;
  switch (c.status) {
    case "draft":
      return { state: "draft", message: "Draft: no calls are placed until the campaign is launched.", ...none };
    case "scheduled":
      return {
        state: "scheduled",
        message: "Scheduled: the first calls are placed when the campaign starts.",
        ...none,
        next_at: c.startAt?.toISOString() ?? null,
      };
    case "paused":
      return {
        state: "paused",
        message:
          c.statusReason === OUT_OF_MINUTES_REASON
            ? "Paused: minutes used up. Your organisation has no conversation minutes left; add minutes, then resume."
            : (c.statusReason ?? "Paused: no calls are placed until the campaign is resumed."),
        ...none,
      };
    case "completed":
      return { state: "finished", message: "Completed: every contact has been called.", ...none };
    case "stopped":
      return { state: "finished", message: "Stopped: no more calls are placed.", ...none };
    case "failed":
      return { state: "finished", message: c.statusReason ?? "Failed: no more calls are placed.", ...none };
    case "active":
      return activeActivity(x, now);
  }
}

function activeActivity(x: ActivityInput, now: Date): DialerActivity {
  const { campaign: c, counts, org } = x;
  // Held back for capacity outranks "calling": the contacts waiting are due and only the server stops them.
  if (x.heldForCapacity && counts.pending > 0) {
    const calling = counts.in_progress > 0 ? ` Calling ${counts.in_progress} of ${counts.contacts};` : "";
    return {
      state: "at_capacity",
      message:
        `${x.heldForCapacity}${calling} ${counts.pending} waiting. ` +
        "Held calls are placed as soon as a call ends or the server has room.",
      ...none,
    };
  }
  if (counts.in_progress > 0) {
    const waiting = counts.pending > 0 ? `; ${counts.pending} waiting` : "";
    return { state: "calling", message: `Calling ${counts.in_progress} of ${counts.contacts}${waiting}`, ...none };
  }
  if (counts.pending === 0)
    return { state: "finished", message: "Every contact has been called: the campaign completes now.", ...none };
  if (org.minutesBalance !== null && org.minutesBalance <= 0)
    return {
      state: "no_minutes",
      message: "Waiting: minutes used up. Your organisation has no conversation minutes left; add minutes to go on.",
      ...none,
    };
  const next = earliestCall(x, now);
  if (!next)
    return {
      state: "no_window",
      message: "No calling hours are left before the campaign ends: the waiting contacts cannot be called.",
      ...none,
    };
  if (next.at.getTime() <= now.getTime()) {
    if (org.callsOnLine >= org.maxConcurrentCalls)
      return {
        state: "at_limit",
        message:
          "Waiting for a free line: your organisation's " +
          `${org.maxConcurrentCalls} simultaneous calls are all in use.`,
        ...none,
      };
    return { state: "starting", message: "Starting: the first calls are placed in a moment.", ...none };
  }
  const nextAt = next.at.toISOString();
  if (next.retry)
    return {
      state: "waiting_retry",
      message: "Waiting for the next attempt: the contacts left are retries and callbacks due later.",
      ...none,
      next_at: nextAt,
    };
  if (!next.zone) {
    const local = clock(DateTime.fromJSDate(next.at, { zone: c.timezone }));
    return {
      state: "waiting_business_hours",
      message: `Waiting for business hours: calls start at ${local} ${c.timezone} time.`,
      ...none,
      next_at: nextAt,
    };
  }
  const local = clock(DateTime.fromJSDate(next.at, { zone: next.zone }));
  return {
    state: "waiting_calling_hours",
    message: `Waiting for calling hours: first contacts open at ${local} their time`,
    next_at: nextAt,
    contact_zone: next.zone,
    contact_local_time: local,
  };
}

/**
 * The first instant a waiting contact may be rung, the zone to say it in (the contact's zone whose calling
 * hours open then, else their only one), and whether it waits for a retry or callback rather than for hours.
 */
function earliestCall(x: ActivityInput, now: Date): { at: Date; zone: string | null; retry: boolean } | null {
  let best: { at: Date; zone: string | null; retry: boolean } | null = null;
  for (const w of x.waiting) {
    const from = new Date(Math.max(now.getTime(), w.dueAt.getTime()));
    const rules = windowRules(x.campaign, w.phone);
    const at = nextCallTime(from, rules);
    if (!at || (best && best.at <= at)) continue;
    const local = (z: string) => DateTime.fromJSDate(at, { zone: z });
    const zone =
      rules.contactZones.find((z) => local(z).toFormat("HH:mm") === rules.contactHours.start) ??
      rules.contactZones[0] ??
      null;
    best = { at, zone, retry: w.dueAt > now && at.getTime() === w.dueAt.getTime() };
  }
  return best;
}
