import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  WhatsAppChannel,
  WhatsAppChannelPut,
  WhatsAppContactList,
  WhatsAppMessage,
  WhatsAppMessages,
  WhatsAppRecordMessage,
} from "@parley/shared/whatsapp";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { WhatsAppService } from "./whatsapp.service.ts";

const PhoneParams = z.object({ phone_number: z.string().max(40) });

/** The signed-in side: the logs, recording a message, and registering the org's number. */
export function whatsappRoutes(deps: { whatsapp: WhatsAppService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { whatsapp, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    // include_last_message is accepted for the spec's call; the last message is always included.
    app.get(
      "/whatsapp/contacts",
      {
        schema: {
          querystring: z.object({ include_last_message: z.string().optional() }),
          response: { 200: WhatsAppContactList },
        },
      },
      async (request) => whatsapp.contacts(request.auth.orgId),
    );

    app.get(
      "/whatsapp/messages/:phone_number",
      { schema: { params: PhoneParams, response: { 200: WhatsAppMessages } } },
      async (request) => whatsapp.messages(request.auth.orgId, request.params.phone_number),
    );

    app.post(
      "/whatsapp/messages/:phone_number",
      {
        schema: {
          params: PhoneParams,
          body: WhatsAppRecordMessage,
          response: { 200: z.object({ data: WhatsAppMessage }), 201: z.object({ data: WhatsAppMessage }) },
        },
      },
      async (request, reply) => {
        const { message, duplicate } = await whatsapp.record(
          request.auth.orgId,
          request.params.phone_number,
          request.body,
        );
        return reply.status(duplicate ? 200 : 201).send({ data: message });
      },
    );

    app.get("/channels/whatsapp", { schema: { response: { 200: WhatsAppChannel } } }, async (request) =>
      whatsapp.channel(request.auth.orgId),
    );
    app.put(
      "/channels/whatsapp",
      { schema: { body: WhatsAppChannelPut, response: { 200: WhatsAppChannel } } },
      async (request) => whatsapp.putChannel(request.auth.orgId, request.body),
    );
  };
}

const WEBHOOK_LIMIT = 1024 * 1024;

/** Meta's side: no bearer token, the verify token (handshake) and X-Hub-Signature-256 (deliveries) authenticate. */
export function whatsappWebhookRoutes(deps: { whatsapp: WhatsAppService }): FastifyPluginAsyncZod {
  const { whatsapp } = deps;
  return async (app) => {
    // The signature covers the exact bytes, so this plugin keeps the body raw (in place of the app's parser).
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    app.get(
      "/webhooks/whatsapp",
      {
        schema: {
          querystring: z.object({
            "hub.mode": z.string().optional(),
            "hub.verify_token": z.string().optional(),
            "hub.challenge": z.string().max(200).optional(),
          }),
        },
      },
      async (request, reply) => {
        const q = request.query;
        const challenge = await whatsapp.handshake(q["hub.mode"], q["hub.verify_token"], q["hub.challenge"]);
        return reply.type("text/plain").send(challenge);
      },
    );

    app.post("/webhooks/whatsapp", async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers["x-hub-signature-256"];
      return whatsapp.receive(raw, typeof header === "string" ? header : undefined);
    });
  };
}
