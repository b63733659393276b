import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Analytics, AnalyticsQuery, type LiveCalls } from "@parley/shared/analytics";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { sseStreams } from "../../http/sse.ts";
import { AnswerHours, AnswerHoursQuery } from "@parley/shared/answer-hours";
import { Funnel, FunnelQuery } from "@parley/shared/funnel";
import type { AnalyticsService } from "./analytics.service.ts";
import type { AnswerHoursService } from "./answer-hours.service.ts";
import type { FunnelService } from "./funnel.service.ts";
import type { LiveCallsService } from "./live-calls.service.ts";

/**
 * GET /analytics (figures for a period), /analytics/answer-hours (when contacts answer), /analytics/funnel (a range
 * of days) and GET /calls/live (calls in progress, Server-Sent Events).
 */
export function analyticsRoutes(deps: {
  analytics: AnalyticsService;
  answerHours: AnswerHoursService;
  funnel: FunnelService;
  live: LiveCallsService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { analytics, answerHours, funnel, live, requireAuth } = deps;
  return async (app) => {
    const stream = sseStreams(app);
    app.addHook("preHandler", requireAuth);

    app.get("/analytics", { schema: { querystring: AnalyticsQuery, response: { 200: Analytics } } }, async (request) =>
      analytics.get(request.auth.orgId, request.query),
    );

    app.get(
      "/analytics/answer-hours",
      { schema: { querystring: AnswerHoursQuery, response: { 200: AnswerHours } } },
      async (request) => answerHours.get(request.auth.orgId, request.query),
    );

    app.get("/analytics/funnel", { schema: { querystring: FunnelQuery, response: { 200: Funnel } } }, async (request) =>
      funnel.get(request.auth.orgId, request.query),
    );

    app.get("/calls/live", async (request, reply) => {
      const { orgId } = request.auth;
      const first = await live.snapshot(orgId);
      await stream<LiveCalls>(request, reply, "live", first, (signal) => live.changes(orgId, first, signal));
    });
  };
}
