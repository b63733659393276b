import { DateTime } from "luxon";
import type { CampaignStatus, ContactCallState } from "@parley/shared/campaigns";
// Pure helpers of the dialer, read-only here: the zones a number may be in and the legal calling hours.
import { contactZones } from "../dialer/contact-zones.ts";
import { LEGAL_CONTACT_HOURS } from "../dialer/call-window.ts";

/** A contact's newest attempt in the dialer's queue, with how the one before it ended. */
export type LatestAttempt = {
  status: "pending" | "in_progress" | "done" | "cancelled";
  attempt_number: number;
  due_at: Date;
  outcome: string | null;
  previous_outcome: string | null;
};

type CampaignTiming = { status: CampaignStatus; start_at: Date | null };

/**
 * Outcomes after which the dialer retries on its own (no one was reached), as in dialer/retry-policy.ts.
 * A pending attempt after any other outcome exists only because the callee asked for a callback.
 */
const NOBODY_REACHED = new Set(["voicemail", "no_answer", "busy", "failed", "dropped"]);

/** The zone the callee is most likely in: their country's only zone, or the one whose calling hours open at `at`. */
export function likelyContactZone(phone: string, at: Date | null): string | null {
  const zones = contactZones(phone);
  if (zones.length <= 1 || !at) return zones[0] ?? null;
  const opening = zones.find(
    (z) => DateTime.fromJSDate(at, { zone: z }).toFormat("HH:mm") === LEGAL_CONTACT_HOURS.start,
  );
  return opening ?? zones[0]!;
}

/** Why a pending contact waits (see `ContactCallState` in the shared schema). */
function waitReason(a: LatestAttempt, c: CampaignTiming, now: Date): NonNullable<ContactCallState["reason"]> {
  if (c.status === "paused") return "paused";
  if (c.status === "scheduled" && c.start_at && c.start_at > now) return "campaign_start";
  if (a.due_at <= now) return "queued";
  if (a.previous_outcome) return NOBODY_REACHED.has(a.previous_outcome) ? "retry" : "callback";
  return "calling_hours";
}

/** Where one contact stands: not queued yet, waiting (why and until when), on a call, or done. */
export function contactCallState(
  a: LatestAttempt | null,
  c: CampaignTiming,
  phone: string,
  now: Date,
): Omit<ContactCallState, "do_not_call"> {
  if (!a)
    return {
      state: "not_started",
      reason: null,
      due_at: null,
      attempts_made: 0,
      last_outcome: null,
      contact_timezone: likelyContactZone(phone, null),
    };
  if (a.status !== "pending") {
    const ended = a.status === "in_progress" ? a.attempt_number - 1 : a.attempt_number;
    const last = a.status === "in_progress" ? a.previous_outcome : (a.outcome ?? a.status);
    return {
      state: a.status === "in_progress" ? "calling" : "done",
      reason: null,
      due_at: null,
      attempts_made: ended,
      last_outcome: last,
      contact_timezone: likelyContactZone(phone, null),
    };
  }
  const reason = waitReason(a, c, now);
  const due = reason === "campaign_start" && c.start_at && c.start_at > a.due_at ? c.start_at : a.due_at;
  return {
    state: "pending",
    reason,
    due_at: reason === "paused" ? null : due.toISOString(),
    attempts_made: a.attempt_number - 1,
    last_outcome: a.previous_outcome,
    contact_timezone: likelyContactZone(phone, due),
  };
}
