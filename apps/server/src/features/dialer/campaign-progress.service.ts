import { progressIsFinal, type CampaignProgress } from "@parley/shared/campaign-progress";
import { pollChanges } from "../../platform/poll-changes.ts";
import type { Clock } from "../../platform/clock.ts";
import type { CampaignProgressRepo } from "./campaign-progress.repo.ts";

/**
 * Live campaign progress. The dialer runs in other processes, so the database is the only shared truth:
 * this polls it (about once a second) and passes on a snapshot only when something changed.
 */
export function createCampaignProgressService(deps: { repo: CampaignProgressRepo; clock: Clock; pollMs?: number }) {
  const pollMs = deps.pollMs ?? 1000;
  const read = (orgId: string, campaignId: string) => deps.repo.snapshot(orgId, campaignId, deps.clock.now());
  return {
    snapshot: read,

    /**
     * The snapshots that follow `first`, each differing from the one before. Ends when the campaign can no
     * longer change (finished, with no call on the line), is deleted, or `signal` aborts.
     */
    changes: (orgId: string, campaignId: string, first: CampaignProgress, signal: AbortSignal) =>
      pollChanges(first, () => read(orgId, campaignId), { pollMs, signal, done: progressIsFinal }),
  };
}
export type CampaignProgressService = ReturnType<typeof createCampaignProgressService>;
