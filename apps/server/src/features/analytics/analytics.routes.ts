import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Analytics, AnalyticsQuery, type LiveCalls } from "@parley/shared/analytics";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { AnalyticsService } from "./analytics.service.ts";
import type { LiveCallsService } from "./live-calls.service.ts";

// A comment line now and then keeps proxies from closing a quiet stream.
const KEEPALIVE_MS = 15_000;
const message = (l: LiveCalls) => `event: live\ndata: ${JSON.stringify(l)}\n\n`;

/** GET /analytics (figures for a period) and GET /calls/live (calls in progress, Server-Sent Events). */
export function analyticsRoutes(deps: { analytics: AnalyticsService; live: LiveCallsService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { analytics, live, requireAuth } = deps;
  return async (app) => {
    // Streams end when the server closes, so shutting down never waits on an open browser tab.
    const open = new Set<AbortController>();
    app.addHook("preClose", async () => open.forEach((c) => c.abort()));
    app.addHook("preHandler", requireAuth);

    app.get("/analytics", { schema: { querystring: AnalyticsQuery, response: { 200: Analytics } } }, async (request) =>
      analytics.get(request.auth.orgId, request.query),
    );

    app.get("/calls/live", async (request, reply) => {
      const { orgId } = request.auth;
      const first = await live.snapshot(orgId);
      const controller = new AbortController();
      open.add(controller);
      request.raw.on("close", () => controller.abort());
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive", "x-accel-buffering": "no" });
      res.write(message(first));
      const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEPALIVE_MS);
      try {
        for await (const next of live.changes(orgId, first, controller.signal)) res.write(message(next));
      } catch (err) {
        request.log.error({ err }, "live calls stream failed");
      } finally {
        clearInterval(keepAlive);
        open.delete(controller);
        res.end();
      }
    });
  };
}
