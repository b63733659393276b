import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Analytics, AnalyticsQuery, type LiveCalls } from "@parley/shared/analytics";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { sseStreams } from "../../http/sse.ts";
import type { AnalyticsService } from "./analytics.service.ts";
import type { LiveCallsService } from "./live-calls.service.ts";

/** GET /analytics (figures for a period) and GET /calls/live (calls in progress, Server-Sent Events). */
export function analyticsRoutes(deps: {
  analytics: AnalyticsService;
  live: LiveCallsService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { analytics, live, requireAuth } = deps;
  return async (app) => {
    const stream = sseStreams(app);
    app.addHook("preHandler", requireAuth);

    app.get("/analytics", { schema: { querystring: AnalyticsQuery, response: { 200: Analytics } } }, async (request) =>
      analytics.get(request.auth.orgId, request.query),
    );

    app.get("/calls/live", async (request, reply) => {
      const { orgId } = request.auth;
      const first = await live.snapshot(orgId);
      await stream<LiveCalls>(request, reply, "live", first, (signal) => live.changes(orgId, first, signal));
    });
  };
}
