import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ListenQuery, ListenTicket } from "@parley/shared/live-listen";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { AppError } from "../../http/errors.ts";
import type { TicketHolder } from "../telephony/web-call-tickets.ts";
import type { ListenService } from "./listen.service.ts";

/**
 * Listening in on a live call. `POST /calls/{id}/listen` (owners and admins) answers a single-use ticket;
 * the page then opens `GET /media/listen?call_id=…&ticket=…` as a WebSocket. A bad ticket is refused with
 * 401 before the upgrade.
 */
export function listenRoutes(deps: { listen: ListenService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { listen, requireAuth } = deps;
  const holders = new WeakMap<FastifyRequest, TicketHolder>();
  return async (app) => {
    app.post(
      "/calls/:id/listen",
      {
        preHandler: requireAuth,
        schema: { params: z.object({ id: z.uuid("Call not found.") }), response: { 201: ListenTicket } },
      },
      async (request, reply) =>
        reply.status(201).send(await listen.issueTicket(request.auth.orgId, request.auth.userId, request.params.id)),
    );

    const redeem = async (request: FastifyRequest, _reply: FastifyReply) => {
      const q = request.query as z.output<typeof ListenQuery>;
      const holder = await listen.redeem(q.ticket, q.call_id);
      if (!holder)
        throw new AppError("unauthenticated", "The listening ticket is invalid, used or expired. Press Listen again.");
      holders.set(request, holder);
    };
    app.get(
      "/media/listen",
      { websocket: true, preValidation: redeem, schema: { hide: true, querystring: ListenQuery } },
      (socket, request) => {
        void listen.run(socket, holders.get(request)!);
      },
    );
  };
}
