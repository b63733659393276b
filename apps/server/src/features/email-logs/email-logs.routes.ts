import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EmailChannel, EmailConversation, EmailThreadList, InboundEmailResult } from "@parley/shared/email-logs";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { EmailLogsService } from "./email-logs.service.ts";

const MIME_LIMIT = 25 * 1024 * 1024; // a message with attachments; only the text is kept

export function emailLogsRoutes(deps: {
  emailLogs: EmailLogsService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { emailLogs, requireAuth } = deps;
  return async (app) => {
    // Raw MIME arrives as message/rfc822; this parser lives only inside this plugin.
    app.addContentTypeParser("message/rfc822", { parseAs: "buffer", bodyLimit: MIME_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    app.get(
      "/threads-above-threshold",
      { preHandler: requireAuth, schema: { response: { 200: EmailThreadList } } },
      async (request) => emailLogs.listThreads(request.auth.orgId),
    );

    app.get(
      "/thread/:thread_id/conversation",
      {
        preHandler: requireAuth,
        schema: { params: z.object({ thread_id: z.string().max(100) }), response: { 200: EmailConversation } },
      },
      async (request) => emailLogs.conversation(request.auth.orgId, request.params.thread_id),
    );

    app.get(
      "/channels/email",
      { preHandler: requireAuth, schema: { response: { 200: EmailChannel } } },
      async (request) => emailLogs.channel(request.auth.orgId),
    );
    app.post(
      "/channels/email/rotate",
      { preHandler: requireAuth, schema: { response: { 200: EmailChannel } } },
      async (request) => emailLogs.rotate(request.auth.orgId),
    );

    // The mail provider's inbound hook: the secret token in the address is the authentication.
    app.post(
      "/webhooks/email/:token",
      {
        schema: {
          params: z.object({ token: z.string().max(200) }),
          response: { 200: InboundEmailResult, 201: InboundEmailResult },
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const result = Buffer.isBuffer(request.body)
          ? await emailLogs.ingestMime(token, request.body)
          : await emailLogs.ingestJson(token, request.body);
        return reply.status(result.duplicate ? 200 : 201).send(result);
      },
    );
  };
}
