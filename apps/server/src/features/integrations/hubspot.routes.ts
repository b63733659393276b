import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CrmImportRequest,
  CrmImportResult,
  CrmPreview,
  CrmSourceList,
  HubspotConnect,
  HubspotIntegration,
} from "@parley/shared/integrations";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { HubspotService } from "./hubspot.service.ts";

/**
 * HubSpot: connecting (Settings → Integrations) and importing a list
 * into a campaign; owners and admins (route-roles.ts).
 */
export function hubspotRoutes(deps: { hubspot: HubspotService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { hubspot, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.put(
      "/integrations/hubspot",
      { schema: { body: HubspotConnect, response: { 200: HubspotIntegration } } },
      async (request) => hubspot.connect(request.auth.orgId, request.auth.userId, request.body),
    );
    app.post("/integrations/hubspot/test", { schema: { response: { 200: HubspotIntegration } } }, async (request) =>
      hubspot.test(request.auth.orgId),
    );
    app.delete("/integrations/hubspot", async (request, reply) => {
      await hubspot.disconnect(request.auth.orgId);
      return reply.status(204).send();
    });
    app.get("/integrations/hubspot/lists", { schema: { response: { 200: CrmSourceList } } }, async (request) =>
      hubspot.lists(request.auth.orgId),
    );
    app.get(
      "/integrations/hubspot/lists/:listId/preview",
      { schema: { params: z.object({ listId: z.string().max(100) }), response: { 200: CrmPreview } } },
      async (request) => hubspot.preview(request.auth.orgId, request.params.listId),
    );
    app.post(
      "/campaigns/:id/crm-import",
      {
        schema: {
          params: z.object({ id: z.uuid("Campaign not found.") }),
          body: CrmImportRequest,
          response: { 200: CrmImportResult },
        },
      },
      async (request) =>
        hubspot.importInto({ orgId: request.auth.orgId, userId: request.auth.userId }, request.params.id, request.body),
    );
  };
}
