import type { CampaignProgress } from "@parley/shared/campaign-progress";

/**
 * What the contacts table shows that the progress stream can tell has moved: the counts, the calls on the line and
 * what the dialer is doing. The campaign view fetches its contacts again each time this changes, so a contact called
 * while the view is open reads "Meeting booked" instead of the "Queued" it had when the view opened.
 */
export function contactsStateKey(
  p: Pick<CampaignProgress, "pending" | "in_progress" | "done" | "by_outcome" | "live_calls" | "activity">,
): string {
  const outcomes = Object.entries(p.by_outcome)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([
    p.pending,
    p.in_progress,
    p.done,
    outcomes,
    p.live_calls.map((c) => `${c.call_id}:${c.status}`).sort(),
    p.activity.state,
    p.activity.next_at,
  ]);
}
