import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TestCallTicket, WebCallQuery } from "@parley/shared/web-call";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { AppError } from "../../http/errors.ts";
import type { TicketHolder } from "./web-call-tickets.ts";
import type { WebCallService } from "./web-call.service.ts";

/**
 * The browser test call. `POST /campaigns/{id}/test-call` (signed in) answers a single-use ticket; the page
 * then opens `GET /media/web?campaign_id=…&ticket=…` as a WebSocket. A missing, spent, expired or
 * other-campaign ticket is refused with 401 before the upgrade, so no socket is ever opened without one.
 */
export function webCallRoutes(deps: { webCalls: WebCallService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { webCalls, requireAuth } = deps;
  const holders = new WeakMap<FastifyRequest, TicketHolder>();
  return async (app) => {
    app.post(
      "/campaigns/:id/test-call",
      {
        preHandler: requireAuth,
        schema: { params: z.object({ id: z.uuid("Campaign not found.") }), response: { 201: TestCallTicket } },
      },
      async (request, reply) => {
        const t = await webCalls.issueTicket(request.auth.orgId, request.auth.userId, request.params.id);
        return reply.status(201).send(t);
      },
    );

    const redeem = async (request: FastifyRequest, _reply: FastifyReply) => {
      const q = request.query as z.output<typeof WebCallQuery>;
      const holder = await webCalls.redeem(q.ticket, q.campaign_id);
      if (!holder)
        throw new AppError(
          "unauthenticated",
          "The test-call ticket is invalid, used or expired. Start the test call again.",
        );
      holders.set(request, holder);
    };
    app.get(
      "/media/web",
      { websocket: true, preValidation: redeem, schema: { hide: true, querystring: WebCallQuery } },
      (socket, request) => {
        void webCalls.run(socket, holders.get(request)!);
      },
    );
  };
}
