import os from "node:os";
import type { Logger } from "../../platform/logger.ts";
import type { Admission } from "./admission.ts";
import type { CapacityRepo } from "./capacity.repo.ts";

/** Unchanged figures are written again this often, so a live process's report never looks stale. */
const REFRESH_MS = 5000;

/**
 * After each dialer pass, this process's capacity and the campaigns it held back go to the database (the campaign
 * view and the dashboard may be served by another process); written when they change or every few seconds, and
 * said once in the log when holding back starts and ends.
 */
export function createCapacityReports(
  admission: Admission,
  repo: CapacityRepo,
  deps: { workerId: string; log: Logger },
) {
  let last = "";
  let writtenAt = 0;
  let holding = false;
  return {
    async afterPass(held: Set<string>, now: Date): Promise<void> {
      const c = admission.capacity();
      const heldCampaigns = [...held].sort();
      const message = heldCampaigns.length ? admission.message() : null;
      if (Boolean(message) !== holding) {
        holding = Boolean(message);
        if (message) deps.log.warn({ campaigns: heldCampaigns, calls: c.calls, live: c.live }, message);
        else deps.log.info({ calls: c.calls, live: c.live }, "capacity free again: held calls are placed");
      }
      const key = JSON.stringify([c.live, c.calls, heldCampaigns, message]);
      if (key === last && now.getTime() - writtenAt < REFRESH_MS) return;
      if (!writtenAt) await repo.forgetStale(now);
      await repo.report({
        workerId: deps.workerId,
        host: os.hostname(),
        cores: c.cores,
        liveCalls: c.live,
        capacity: c.calls,
        heldCampaigns,
        message,
        at: now,
      });
      last = key;
      writtenAt = now.getTime();
    },
  };
}
