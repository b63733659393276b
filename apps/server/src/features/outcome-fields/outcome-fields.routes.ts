import { OutcomeFieldList } from "@parley/shared/outcome-fields";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { OutcomeFieldsService } from "./outcome-fields.service.ts";

const Params = z.object({ id: z.uuid("Campaign not found.") });

/** GET and PUT a campaign's qualifying fields: PUT replaces the list (duplicate names, unknown types: 400). */
export function outcomeFieldsRoutes(deps: {
  outcomeFields: OutcomeFieldsService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { outcomeFields, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);
    app.get(
      "/campaigns/:id/outcome-fields",
      { schema: { params: Params, response: { 200: OutcomeFieldList } } },
      async (request) => outcomeFields.get(request.auth.orgId, request.params.id),
    );
    app.put(
      "/campaigns/:id/outcome-fields",
      { schema: { params: Params, body: OutcomeFieldList, response: { 200: OutcomeFieldList } } },
      async (request) => outcomeFields.set(request.auth.orgId, request.params.id, request.body),
    );
  };
}
