import { progressIsFinal, type CampaignProgress } from "@parley/shared/campaign-progress";
import type { CampaignProgressRepo } from "./campaign-progress.repo.ts";

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/**
 * Live campaign progress. The dialer runs in other processes, so the database is the only shared truth:
 * this polls it (about once a second) and passes on a snapshot only when something changed.
 */
export function createCampaignProgressService(deps: { repo: CampaignProgressRepo; pollMs?: number }) {
  const pollMs = deps.pollMs ?? 1000;
  return {
    snapshot: (orgId: string, campaignId: string) => deps.repo.snapshot(orgId, campaignId),

    /**
     * The snapshots that follow `first`, each differing from the one before. Ends when the campaign can no
     * longer change (finished, with no call on the line), is deleted, or `signal` aborts.
     */
    async *changes(orgId: string, campaignId: string, first: CampaignProgress, signal: AbortSignal): AsyncGenerator<CampaignProgress> {
      let last = JSON.stringify(first);
      let current: CampaignProgress | null = first;
      while (current && !progressIsFinal(current) && !signal.aborted) {
        await pause(pollMs, signal);
        if (signal.aborted) return;
        current = await deps.repo.snapshot(orgId, campaignId);
        const text = JSON.stringify(current);
        if (current && text !== last) yield current;
        last = text;
      }
    },
  };
}
export type CampaignProgressService = ReturnType<typeof createCampaignProgressService>;
