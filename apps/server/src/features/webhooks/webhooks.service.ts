import {
  WebhookEndpointInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookSecretRotated,
} from "@parley/shared/webhooks";
import { AppError, notFound } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import type { SecretBox } from "../integrations/secret-box.ts";
import { resolveSafeTarget, UrlFetchError } from "../knowledge-base/safe-fetch.ts";
import { newMessageId, newWebhookSecret } from "./webhook-signer.ts";
import type { DeliveryRow, EndpointRow, WebhooksRepo } from "./webhooks.repo.ts";

const DELIVERY_LOG_SIZE = 50;
/** How long a rotated-out secret keeps signing beside the new one: a day to deploy the new one to the receiver. */
export const SECRET_GRACE_MS = 24 * 3_600_000;

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events as WebhookEventType[],
  failing_since: r.failing_since?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});
const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  message_id: r.message_id,
  event_type: r.event_type,
  status: r.status,
  attempts: r.attempts,
  last_status_code: r.last_status_code,
  last_error: r.last_error,
  last_response: r.last_response,
  last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
  next_attempt_at: r.status === "pending" ? r.next_attempt_at.toISOString() : null,
  created_at: r.created_at.toISOString(),
});

/** Endpoints of an organisation, their delivery log, a test event and a resend. */
export function createWebhooksService(deps: {
  repo: WebhooksRepo;
  clock: Clock;
  allowPrivateUrls: boolean;
  box: Pick<SecretBox, "seal">;
}) {
  const { repo, clock, box } = deps;

  /** The knowledge base's address rules, checked when saving (and again at every send, against rebinding). */
  async function checkedInput(raw: WebhookEndpointInput) {
    const input = WebhookEndpointInput.parse(raw);
    try {
      await resolveSafeTarget(input.url, { allowPrivate: deps.allowPrivateUrls });
    } catch (err) {
      if (!(err instanceof UrlFetchError)) throw err;
      const message = `This address cannot receive webhooks: ${err.message}.`;
      throw new AppError("validation_failed", message, [{ path: "url", message }]);
    }
    return { ...input, events: [...new Set(input.events)] };
  }

  async function endpoint(orgId: string, id: string): Promise<EndpointRow> {
    const row = await repo.findEndpoint(orgId, id);
    if (!row) throw notFound("Webhook endpoint");
    return row;
  }

  async function queue(orgId: string, endpointId: string, d: { messageId: string; eventType: string; body: string }) {
    const [row] = await repo.insertDeliveries(orgId, [{ endpointId, ...d }], clock.now());
    return toDelivery(row!);
  }

  return {
    list: async (orgId: string) => (await repo.listEndpoints(orgId)).map(toEndpoint),
    async create(orgId: string, raw: WebhookEndpointInput) {
      const secret = newWebhookSecret();
      const row = await repo.insertEndpoint(orgId, { ...(await checkedInput(raw)), secret: box.seal(secret, orgId) });
      return { endpoint: toEndpoint(row), secret };
    },
    /** A new secret, answered this once; the current one keeps signing beside it for SECRET_GRACE_MS. */
    async rotateSecret(orgId: string, id: string): Promise<WebhookSecretRotated> {
      const secret = newWebhookSecret();
      const until = new Date(clock.now().getTime() + SECRET_GRACE_MS);
      if (!(await repo.rotateSecret(orgId, id, box.seal(secret, orgId), until))) throw notFound("Webhook endpoint");
      return { secret, previous_secret_expires_at: until.toISOString() };
    },
    async update(orgId: string, id: string, raw: WebhookEndpointInput): Promise<WebhookEndpoint> {
      await endpoint(orgId, id); // another organisation's id answers 404 before the URL is looked at
      const row = await repo.updateEndpoint(orgId, id, await checkedInput(raw));
      if (!row) throw notFound("Webhook endpoint");
      return toEndpoint(row);
    },
    async remove(orgId: string, id: string): Promise<void> {
      if (!(await repo.deleteEndpoint(orgId, id))) throw notFound("Webhook endpoint");
    },
    async deliveries(orgId: string, id: string): Promise<WebhookDelivery[]> {
      await endpoint(orgId, id);
      return (await repo.listDeliveries(orgId, id, DELIVERY_LOG_SIZE)).map(toDelivery);
    },
    /** Queues a "webhook.test" message to this endpoint only; the delivery worker sends it at once. */
    async sendTest(orgId: string, id: string): Promise<WebhookDelivery> {
      await endpoint(orgId, id);
      const at = clock.now();
      const data = { message: "A test event from Parley. Your endpoint received and can verify it." };
      return queue(orgId, id, {
        messageId: newMessageId(),
        eventType: "webhook.test",
        body: JSON.stringify({ type: "webhook.test", timestamp: at.toISOString(), data }),
      });
    },
    /** Sends a message again as a new delivery: same webhook-id (receivers drop duplicates), new attempts. */
    async resend(orgId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const d = await repo.findDelivery(orgId, id, deliveryId);
      if (!d) throw notFound("Delivery");
      return queue(orgId, id, { messageId: d.message_id, eventType: d.event_type, body: d.body });
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
