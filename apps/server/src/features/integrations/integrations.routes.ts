import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CaldavConnect, CaldavIntegration, IntegrationList } from "@parley/shared/integrations";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { IntegrationsService } from "./integrations.service.ts";

/** Settings → Integrations: owners and admins (route-roles.ts, integrations.manage). */
export function integrationsRoutes(deps: {
  integrations: IntegrationsService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { integrations, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.get("/integrations", { schema: { response: { 200: IntegrationList } } }, async (request) =>
      integrations.list(request.auth.orgId),
    );
    app.put(
      "/integrations/caldav",
      { schema: { body: CaldavConnect, response: { 200: CaldavIntegration } } },
      async (request) => integrations.connectCaldav(request.auth.orgId, request.auth.userId, request.body),
    );
    app.post("/integrations/caldav/test", { schema: { response: { 200: CaldavIntegration } } }, async (request) =>
      integrations.testCaldav(request.auth.orgId),
    );
    app.delete("/integrations/caldav", async (request, reply) => {
      await integrations.disconnectCaldav(request.auth.orgId);
      return reply.status(204).send();
    });
  };
}
