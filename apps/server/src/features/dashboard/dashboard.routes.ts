import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ChannelMetrics,
  ChannelMetricsQuery,
  ConversationMinutes,
  DashboardCapacity,
  DashboardOverview,
} from "@parley/shared/dashboard";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { DashboardService } from "./dashboard.service.ts";

/** The dashboard's figures for the signed-in organisation. */
export function dashboardRoutes(deps: {
  dashboard: DashboardService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { dashboard, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.get("/dashboard/overview", { schema: { response: { 200: DashboardOverview } } }, async (request) =>
      dashboard.overview(request.auth.orgId),
    );

    app.get(
      "/dashboard/channel-metrics",
      { schema: { querystring: ChannelMetricsQuery, response: { 200: ChannelMetrics } } },
      async (request) => dashboard.channelMetrics(request.auth.orgId, request.query.channel),
    );

    app.get(
      "/dashboard/conversation-minutes",
      { schema: { response: { 200: ConversationMinutes } } },
      async (request) => dashboard.conversationMinutes(request.auth.orgId),
    );

    app.get("/dashboard/capacity", { schema: { response: { 200: DashboardCapacity } } }, async (request) =>
      dashboard.capacity(request.auth.orgId),
    );
  };
}
