import type { CallDetail } from "@parley/shared/call-history";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { callActivities } from "./crm-activities.ts";
import type { CrmSyncRepo } from "./crm-sync.repo.ts";

type Deps = {
  repo: CrmSyncRepo;
  clock: Clock;
  log: Logger;
  callDetail(orgId: string, callId: string): Promise<CallDetail["call"]>;
  /** An absolute link to the call's recording that keeps playing from the CRM; null without PUBLIC_URL. */
  recordingUrl(orgId: string, callId: string): string | null;
  /** The campaign's qualifying fields mapped to HubSpot contact properties (field key → property). */
  answerProperties(orgId: string, campaignId: string): Promise<ReadonlyMap<string, string>>;
};

/** Results back to the CRM: what a finished call queues, and where a call's writes stand. */
export function createCrmSyncService(deps: Deps) {
  const { repo, clock, log } = deps;
  return {
    /**
     * Queues a finished call's writes when its contact came from HubSpot. Never throws: the call is already
     * recorded and a write that could not be queued must not undo it (it is logged).
     */
    async callFinished(orgId: string, callId: string): Promise<void> {
      try {
        const contactId = await repo.hubspotId(orgId, callId);
        if (!contactId) return;
        const call = await deps.callDetail(orgId, callId);
        const recorded = call.audio_url !== null || call.recording_pending;
        const answerProperties = call.campaign_id ? await deps.answerProperties(orgId, call.campaign_id) : new Map();
        const link = recorded ? deps.recordingUrl(orgId, callId) : null;
        const activities = callActivities(call, contactId, link, answerProperties);
        await repo.enqueue(orgId, callId, "hubspot", activities, clock.now());
      } catch (err) {
        log.error({ err, orgId, callId }, "CRM writes of a finished call could not be queued");
      }
    },

    /**
     * A meeting was cancelled in Parley: when the agent booked it on a call whose meeting was queued for the CRM,
     * the CRM's meeting is marked cancelled too. Never throws, like callFinished: the cancellation itself is done.
     */
    async meetingCancelled(orgId: string, meeting: { call_id: string | null }): Promise<void> {
      const callId = meeting.call_id;
      if (!callId) return;
      try {
        const contactId = await repo.hubspotId(orgId, callId);
        if (!contactId || !(await repo.hasWrite(orgId, callId, "meeting"))) return;
        await repo.enqueue(
          orgId,
          callId,
          "hubspot",
          [{ kind: "meeting_cancelled", contactId, meetingId: null }],
          clock.now(),
        );
      } catch (err) {
        log.error({ err, orgId, callId }, "A meeting's cancellation could not be queued for the CRM");
      }
    },

    /** After HubSpot is connected again: what it had refused is tried again (what waited goes out anyway). */
    resume: (orgId: string) => repo.rearmFailed(orgId, "hubspot", clock.now()),
  };
}
export type CrmSyncService = ReturnType<typeof createCrmSyncService>;
