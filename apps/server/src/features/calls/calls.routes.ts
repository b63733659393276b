import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PlaceCall, PlacedCall, type LiveCall } from "@parley/shared/calls";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { notFound } from "../../http/errors.ts";
import type { CallsService } from "./calls.service.ts";

const POLL_MS = 500;

export function callsRoutes(deps: { calls: CallsService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { calls, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.post("/calls", { schema: { body: PlaceCall, response: { 202: PlacedCall } } }, async (request, reply) => {
      const id = await calls.callNow(request.auth.orgId, request.body.campaign_id, request.body.contact_id);
      return reply.status(202).send({ call: { id, status: "ringing" } });
    });

    // Live progress of one call. The database is the source of truth (the call may run in another
    // worker process), so the stream polls it and sends a message whenever the call changed.
    app.get("/calls/:id/events", { schema: { params: z.object({ id: z.uuid("Call not found.") }) } }, async (request, reply) => {
      const first = await calls.live(request.auth.orgId, request.params.id);
      if (!first) throw notFound("Call");
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      let last = "";
      let closed = false;
      request.raw.on("close", () => (closed = true));
      for (let call: LiveCall | null = first; call && !closed; call = await calls.live(request.auth.orgId, request.params.id)) {
        const data = JSON.stringify(call);
        if (data !== last) res.write(`event: call\ndata: ${data}\n\n`);
        last = data;
        if (call.ended_at) break;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      res.end();
    });
  };
}
