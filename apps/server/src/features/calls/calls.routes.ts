import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LiveCall, PlaceCall, PlacedCall } from "@parley/shared/calls";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { sseStreams } from "../../http/sse.ts";
import { pollChanges } from "../../platform/poll-changes.ts";
import { notFound } from "../../http/errors.ts";
import type { CallsService } from "./calls.service.ts";

const POLL_MS = 500;

export function callsRoutes(deps: { calls: CallsService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { calls, requireAuth } = deps;
  return async (app) => {
    const stream = sseStreams(app);
    app.addHook("preHandler", requireAuth);

    app.post("/calls", { schema: { body: PlaceCall, response: { 202: PlacedCall } } }, async (request, reply) => {
      const id = await calls.callNow(
        request.auth.orgId,
        request.body.campaign_id,
        request.body.contact_id,
        request.auth.userId,
      );
      return reply.status(202).send({ call: { id, status: "ringing" } });
    });

    app.get(
      "/calls/:id",
      {
        schema: {
          params: z.object({ id: z.uuid("Call not found.") }),
          response: { 200: z.object({ call: LiveCall }) },
        },
      },
      async (request) => {
        const call = await calls.live(request.auth.orgId, request.params.id);
        if (!call) throw notFound("Call");
        return { call };
      },
    );

    // Live progress of one call. The database is the source of truth (the call may run in another
    // worker process), so the stream polls it and sends a message whenever the call changed.
    app.get(
      "/calls/:id/events",
      { schema: { params: z.object({ id: z.uuid("Call not found.") }) } },
      async (request, reply) => {
        const { orgId } = request.auth;
        const first = await calls.live(orgId, request.params.id);
        if (!first) throw notFound("Call");
        const changes = (signal: AbortSignal) =>
          pollChanges(first, () => calls.live(orgId, request.params.id), {
            pollMs: POLL_MS,
            signal,
            done: (c) => c.ended_at !== null,
          });
        await stream<LiveCall>(request, reply, "call", first, changes);
      },
    );
  };
}
