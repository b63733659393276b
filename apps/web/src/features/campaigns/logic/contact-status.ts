import type { ContactCallState } from "@parley/shared/campaigns";
import { formatNear } from "../../../lib/time-format.ts";

export type ContactStatus = {
  label: "Not started" | "Pending" | "On a call" | "Done" | "Do not call";
  detail: string | null;
};

const OUTCOMES: Record<string, string> = {
  no_answer: "no answer",
  busy: "line busy",
  voicemail: "voicemail",
  failed: "call failed",
  dropped: "call dropped",
  interested: "interested",
  not_interested: "not interested",
  follow_up: "follow-up",
  scheduled: "meeting booked",
  completed: "completed",
  do_not_call: "do not call",
  cancelled: "cancelled",
};
export const outcomeText = (o: string | null) => (o ? (OUTCOMES[o] ?? o.replace(/_/g, " ")) : "");
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "3:40 PM" today, "Tue 3:40 PM" within the week, "Mar 12, 3:40 PM" beyond; on the clock of `zone`, unnamed. */
const whenText = (iso: string, now: Date, zone: string, withDay = false) => formatNear(iso, zone, now, { withDay });

/**
 * A contact's status line in the campaign view: a pending contact says why it waits and until when.
 * Retries and the campaign's start are on the viewer's clock; a callback and calling hours on the callee's,
 * which is what they asked for or what the law counts.
 */
export function contactStatus(
  s: ContactCallState | undefined,
  now: Date,
  viewerZone: string,
  campaignZone: string,
): ContactStatus {
  // A number put on the list after it was queued is never rung: say so at once rather than "Pending".
  if (s?.do_not_call && s.state !== "calling" && s.state !== "done")
    return { label: "Do not call", detail: "On the do-not-call list: it is never called" };
  if (!s || s.state === "not_started") return { label: "Not started", detail: null };
  if (s.state === "calling")
    return { label: "On a call", detail: s.attempts_made > 0 ? `Attempt ${s.attempts_made + 1}` : null };
  if (s.state === "done") {
    const tries = s.attempts_made > 1 ? ` after ${s.attempts_made} attempts` : "";
    return { label: "Done", detail: s.last_outcome ? `${capital(outcomeText(s.last_outcome))}${tries}` : null };
  }
  const calleeZone = s.contact_timezone ?? campaignZone;
  // A time on the callee's clock says so: "local" (theirs), or the campaign's zone when theirs is unknown.
  const where = s.contact_timezone ? "local" : calleeZone;
  const due = s.due_at;
  switch (s.reason) {
    case "retry":
      return {
        label: "Pending",
        detail: due ? `Retry at ${whenText(due, now, viewerZone)} — ${outcomeText(s.last_outcome)}` : "Retry soon",
      };
    case "callback":
      return {
        label: "Pending",
        detail: due ? `Callback asked for ${whenText(due, now, calleeZone, true)} ${where}` : "Callback asked for",
      };
    case "calling_hours":
      return {
        label: "Pending",
        detail: due
          ? `Waiting for calling hours (opens ${whenText(due, now, calleeZone)} ${where})`
          : "Waiting for calling hours",
      };
    case "campaign_start":
      return {
        label: "Pending",
        detail: due
          ? `Waiting for the campaign to start (${whenText(due, now, viewerZone, true)})`
          : "Waiting for the campaign to start",
      };
    case "paused":
      return { label: "Pending", detail: "Campaign paused — called once it resumes" };
    default:
      return {
        label: "Pending",
        detail:
          s.attempts_made > 0 ? `Queued — attempt ${s.attempts_made + 1} calls shortly` : "Queued — calls shortly",
      };
  }
}
