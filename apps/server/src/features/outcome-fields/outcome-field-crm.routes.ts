import { OutcomeFieldCrm } from "@parley/shared/outcome-field-crm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { OutcomeFieldCrmService } from "./outcome-field-crm.service.ts";

const Params = z.object({ id: z.uuid("Campaign not found.") });

/** GET and PUT where a campaign's answers are written in HubSpot: PUT replaces the mapping (a bad one: 400). */
export function outcomeFieldCrmRoutes(deps: {
  outcomeFieldCrm: OutcomeFieldCrmService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { outcomeFieldCrm, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);
    app.get(
      "/campaigns/:id/outcome-fields/crm",
      { schema: { params: Params, response: { 200: OutcomeFieldCrm } } },
      async (request) => outcomeFieldCrm.get(request.auth.orgId, request.params.id),
    );
    app.put(
      "/campaigns/:id/outcome-fields/crm",
      { schema: { params: Params, body: OutcomeFieldCrm, response: { 200: OutcomeFieldCrm } } },
      async (request) => outcomeFieldCrm.set(request.auth.orgId, request.params.id, request.body),
    );
  };
}
