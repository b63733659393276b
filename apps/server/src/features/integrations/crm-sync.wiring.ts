import type { CallDetail } from "@parley/shared/call-history";
import type { CrmSyncStatus } from "@parley/shared/crm-sync";
import type { Config } from "../../platform/config.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import { startQueueLoop } from "../../platform/queue-loop.ts";
import { createRecordingLinks } from "../calls/recording-links.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import { createCrmSyncDelivery, type CrmConnection } from "./crm-sync-delivery.ts";
import { createCrmSyncRepo } from "./crm-sync.repo.ts";
import { summarizeCrmWrites } from "./crm-sync-status.ts";
import { createCrmSyncService, type CrmSyncService } from "./crm-sync.service.ts";
import { createHubspotClient } from "./hubspot-client.ts";
import { createHubspotRepo } from "./hubspot.repo.ts";
import { RECONNECT } from "./hubspot.service.ts";
import { createSecretBox } from "./secret-box.ts";

/**
 * A recording link in the CRM is opened weeks or months after the call, by people without a Parley session:
 * it is signed for a year (the longest a team looks back at a lead's calls in practice).
 */
const CRM_RECORDING_LINK_TTL_SECONDS = 365 * 24 * 3600;

type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  jwtSecret: string;
  callDetail(orgId: string, callId: string): Promise<CallDetail["call"]>;
  answerProperties(orgId: string, campaignId: string): Promise<ReadonlyMap<string, string>>;
};

/** Writing call results back to HubSpot: the service (queue a finished call, its status) and the sender's pass. */
export function wireCrmSync({ db, config, clock, log, jwtSecret, callDetail, answerProperties }: Deps) {
  const repo = createCrmSyncRepo(db);
  const links = createRecordingLinks(jwtSecret, clock);
  const publicUrl = config.publicUrl;
  return {
    service: createCrmSyncService({
      repo,
      clock,
      log,
      callDetail,
      answerProperties,
      recordingUrl: (orgId, callId) =>
        publicUrl ? `${publicUrl}${links.url(orgId, callId, CRM_RECORDING_LINK_TTL_SECONDS)}` : null,
    }),
    delivery: createCrmSyncDelivery({ repo, clock, connections: { hubspot: hubspotConnection(db, config) } }),
  };
}
export type WiredCrmSync = ReturnType<typeof wireCrmSync>;

/** Where a call's writes to its CRM stand, for the call log; null when its contact did not come from a CRM. */
export function crmSyncStatus(db: Db) {
  const repo = createCrmSyncRepo(db);
  return async (orgId: string, callId: string): Promise<CrmSyncStatus | null> =>
    summarizeCrmWrites(await repo.forCall(orgId, callId));
}

/** HubSpot's saved token (sealed under INTEGRATIONS_KEY) and its "reconnect" status, for the sender. */
function hubspotConnection(db: Db, config: Config): CrmConnection {
  const hubspot = createHubspotRepo(db);
  const box = createSecretBox(config.integrations.key);
  return {
    async open(orgId) {
      const row = await hubspot.get(orgId);
      if (row?.status !== "connected") return null;
      return createHubspotClient({ baseUrl: config.hubspotBaseUrl, token: box.open(row.secret_ciphertext, orgId) });
    },
    async refused(orgId, at) {
      await hubspot.setStatus(orgId, "reconnect", RECONNECT, at);
      return RECONNECT;
    },
  };
}

/**
 * The events features emit, with a finished call also queued for its CRM and a cancelled meeting marked cancelled
 * there (the webhooks get them too).
 */
export function withCrmSync(
  events: WebhookEvents,
  sync: Pick<CrmSyncService, "callFinished" | "meetingCancelled">,
): WebhookEvents {
  return {
    async emit(orgId, type, data) {
      if (type === "call.completed") await sync.callFinished(orgId, (data as { call_id: string }).call_id);
      if (type === "meeting.cancelled")
        await sync.meetingCancelled(orgId, (data as { meeting: { call_id: string | null } }).meeting);
      await events.emit(orgId, type, data);
    },
  };
}

/** Sends queued CRM writes until stopped (see platform/queue-loop.ts). */
export function startCrmSyncLoop(wired: WiredCrmSync, opts: { log: Logger; intervalMs?: number }) {
  return startQueueLoop(() => wired.delivery.deliverDue(), { ...opts, what: "CRM write" });
}
