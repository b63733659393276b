import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CallDetail, CallHistoryFilters, CallHistoryList, CallHistoryQuery } from "@parley/shared/call-history";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { Clock } from "../../platform/clock.ts";
import { csvStream } from "./call-history-csv.ts";
import type { CallHistoryService } from "./call-history.service.ts";

/** The Conversation Logs screen: the filtered, paged list, one call's details, and the CSV export. */
export function callHistoryRoutes(deps: {
  callHistory: CallHistoryService;
  requireAuth: RequireAuth;
  clock: Clock;
}): FastifyPluginAsyncZod {
  const { callHistory, requireAuth, clock } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.get(
      "/call-history",
      { schema: { querystring: CallHistoryQuery, response: { 200: CallHistoryList } } },
      async (request) => {
        const { page, page_size, ...filters } = request.query;
        return callHistory.list(request.auth.orgId, filters, page, page_size);
      },
    );

    // Streams every match: rows are read in keyset batches and written as they come, so memory stays flat.
    app.get("/call-history/export", { schema: { querystring: CallHistoryFilters } }, async (request, reply) => {
      const stamp = clock.now().toISOString().slice(0, 10);
      const fields = await callHistory.exportFieldColumns(request.auth.orgId, request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="call-logs-${stamp}.csv"`)
        .header("cache-control", "no-store")
        .send(csvStream(callHistory.exportRecords(request.auth.orgId, request.query), fields));
    });

    app.get(
      "/call-history/:id",
      { schema: { params: z.object({ id: z.uuid("Call not found.") }), response: { 200: CallDetail } } },
      async (request) => callHistory.detail(request.auth.orgId, request.params.id),
    );
  };
}
