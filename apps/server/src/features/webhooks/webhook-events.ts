import type { CallDetail } from "@parley/shared/call-history";
import type { WebhookEventData, WebhookEventType } from "@parley/shared/webhooks";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { newMessageId } from "./webhook-signer.ts";
import type { WebhooksRepo } from "./webhooks.repo.ts";

/** Call events are emitted by id: the call's record (outcome, transcript, recording link) is read when queued. */
type CallRef = { call_id: string };
export type WebhookEmitInput = Omit<WebhookEventData, "call.started" | "call.completed"> & {
  "call.started": CallRef;
  "call.completed": CallRef;
};

/** What features call where something happens; it queues one delivery per subscribed endpoint. */
export interface WebhookEvents {
  emit<T extends WebhookEventType>(orgId: string, type: T, data: WebhookEmitInput[T]): Promise<void>;
}

type Deps = {
  repo: WebhooksRepo;
  clock: Clock;
  log: Logger;
  callDetail(orgId: string, callId: string): Promise<CallDetail["call"]>;
  /** A signed link to the call's recording that outlives a day of retries. */
  recordingUrl(orgId: string, callId: string): string;
};

export function createWebhookEvents(deps: Deps): WebhookEvents {
  const { repo, clock, log } = deps;

  async function callData(orgId: string, type: "call.started" | "call.completed", callId: string) {
    const c = await deps.callDetail(orgId, callId);
    const base = {
      call_id: c.id,
      campaign_id: c.campaign_id,
      contact_name: c.lead_name,
      phone: c.lead_phone,
      started_at: c.started_at,
    };
    if (type === "call.started") return base;
    return {
      ...base,
      campaign_name: c.campaign_name,
      status: c.status,
      outcome: c.outcome,
      summary: c.summary,
      sentiment: c.sentiment,
      transcript: c.transcript,
      extracted: c.extracted,
      outcome_fields: c.outcome_fields,
      duration_secs: c.call_duration_secs,
      ended_at: c.ended_at,
      recording_url: c.audio_url ? deps.recordingUrl(orgId, c.id) : null,
    } satisfies WebhookEventData["call.completed"];
  }

  return {
    // Never throws: a webhook that cannot be queued is logged and must not undo the call, booking or opt-out.
    async emit(orgId, type, input) {
      try {
        const subscribers = await repo.subscribers(orgId, type);
        if (!subscribers.length) return;
        const data =
          type === "call.started" || type === "call.completed"
            ? await callData(orgId, type, (input as CallRef).call_id)
            : input;
        const at = clock.now();
        const body = JSON.stringify({ type, timestamp: at.toISOString(), data });
        await repo.insertDeliveries(
          orgId,
          subscribers.map((s) => ({ endpointId: s.id, messageId: newMessageId(), eventType: type, body })),
          at,
        );
      } catch (err) {
        log.error({ err, orgId, type }, "webhook event could not be queued");
      }
    },
  };
}
