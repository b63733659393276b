import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  WebhookDeliveryList,
  WebhookDeliveryReply,
  WebhookEndpointCreated,
  WebhookEndpointInput,
  WebhookEndpointList,
  WebhookEndpointReply,
  WebhookSecretRotated,
} from "@parley/shared/webhooks";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { WebhooksService } from "./webhooks.service.ts";

const EndpointId = z.object({ id: z.uuid("Webhook endpoint not found.") });
const DeliveryId = EndpointId.extend({ deliveryId: z.uuid("Delivery not found.") });

/** Settings → Webhooks: owners and admins (route-roles.ts), every record scoped to the request's organisation. */
export function webhooksRoutes(deps: { webhooks: WebhooksService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { webhooks, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.get("/webhooks", { schema: { response: { 200: WebhookEndpointList } } }, async (request) => ({
      endpoints: await webhooks.list(request.auth.orgId),
    }));
    app.post(
      "/webhooks",
      { schema: { body: WebhookEndpointInput, response: { 201: WebhookEndpointCreated } } },
      async (request, reply) => reply.status(201).send(await webhooks.create(request.auth.orgId, request.body)),
    );
    app.put(
      "/webhooks/:id",
      { schema: { params: EndpointId, body: WebhookEndpointInput, response: { 200: WebhookEndpointReply } } },
      async (request) => ({
        endpoint: await webhooks.update(request.auth.orgId, request.params.id, request.body),
      }),
    );
    app.post(
      "/webhooks/:id/rotate-secret",
      { schema: { params: EndpointId, response: { 200: WebhookSecretRotated } } },
      async (request) => webhooks.rotateSecret(request.auth.orgId, request.params.id),
    );
    app.delete("/webhooks/:id", { schema: { params: EndpointId } }, async (request, reply) => {
      await webhooks.remove(request.auth.orgId, request.params.id);
      return reply.status(204).send();
    });
    app.get(
      "/webhooks/:id/deliveries",
      { schema: { params: EndpointId, response: { 200: WebhookDeliveryList } } },
      async (request) => ({
        deliveries: await webhooks.deliveries(request.auth.orgId, request.params.id),
      }),
    );
    app.post(
      "/webhooks/:id/test",
      { schema: { params: EndpointId, response: { 202: WebhookDeliveryReply } } },
      async (request, reply) =>
        reply.status(202).send({ delivery: await webhooks.sendTest(request.auth.orgId, request.params.id) }),
    );
    app.post(
      "/webhooks/:id/deliveries/:deliveryId/resend",
      { schema: { params: DeliveryId, response: { 202: WebhookDeliveryReply } } },
      async (request, reply) =>
        reply
          .status(202)
          .send({ delivery: await webhooks.resend(request.auth.orgId, request.params.id, request.params.deliveryId) }),
    );
  };
}
