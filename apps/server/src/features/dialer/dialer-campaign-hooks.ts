import type { Clock } from "../../platform/clock.ts";
import type { CampaignHooks } from "../campaigns/campaigns.service.ts";
import type { DialerRepo } from "./dialer.repo.ts";

const DIALING = new Set(["scheduled", "active", "paused"]);

/**
 * Keeps the dialer's queue in step with campaign changes, inside the same transaction: launching queues a
 * first attempt per contact, stopping cancels what is pending, a replaced contact list is queued afresh.
 */
export function dialerCampaignHooks(deps: { repo: DialerRepo; clock: Clock }): CampaignHooks {
  const { repo, clock } = deps;
  return {
    async statusChanged(q, e) {
      if (e.from === "draft" && (e.to === "active" || e.to === "scheduled"))
        await repo.enqueueCampaign(e.orgId, e.campaignId, clock.now(), q);
      if (e.to === "stopped" || e.to === "completed") await repo.cancelPending(e.campaignId, q);
    },
    async contactsReplaced(q, e) {
      // The old contacts' attempts went with them (on delete cascade); queue the new list if it is dialling.
      if (DIALING.has(e.status)) await repo.enqueueCampaign(e.orgId, e.campaignId, clock.now(), q);
    },
  };
}
