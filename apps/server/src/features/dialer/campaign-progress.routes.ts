import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CampaignProgress } from "@parley/shared/campaign-progress";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { notFound } from "../../http/errors.ts";
import type { CampaignProgressService } from "./campaign-progress.service.ts";

// A comment line now and then keeps proxies from closing a quiet stream.
const KEEPALIVE_MS = 15_000;

const message = (p: CampaignProgress) => `event: progress\ndata: ${JSON.stringify(p)}\n\n`;

/** GET /campaigns/:id/progress: the campaign's live progress as Server-Sent Events (`event: progress`). */
export function campaignProgressRoutes(deps: { progress: CampaignProgressService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { progress, requireAuth } = deps;
  return async (app) => {
    // Streams end when the server closes, so shutting down never waits on an open browser tab.
    const open = new Set<AbortController>();
    app.addHook("preClose", async () => open.forEach((c) => c.abort()));
    app.addHook("preHandler", requireAuth);

    app.get("/campaigns/:id/progress", { schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
      const { orgId } = request.auth;
      const first = await progress.snapshot(orgId, request.params.id);
      if (!first) throw notFound("Campaign"); // another org's campaign: 404 before any stream starts
      const controller = new AbortController();
      open.add(controller);
      request.raw.on("close", () => controller.abort());
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive", "x-accel-buffering": "no" });
      res.write(message(first));
      const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEPALIVE_MS);
      try {
        for await (const next of progress.changes(orgId, request.params.id, first, controller.signal)) res.write(message(next));
      } catch (err) {
        request.log.error({ err }, "campaign progress stream failed");
      } finally {
        clearInterval(keepAlive);
        open.delete(controller);
        res.end();
      }
    });
  };
}
