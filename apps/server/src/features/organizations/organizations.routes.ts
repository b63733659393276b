import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Organization, OrganizationCreate, OrganizationList } from "@parley/shared/organizations";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { toOrganization, type OrganizationsService } from "./organizations.service.ts";

export function organizationsRoutes(deps: { organizations: OrganizationsService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { organizations, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.get("/organizations", { schema: { response: { 200: OrganizationList } } }, async (request) => {
      const rows = await organizations.listForUser(request.auth.userId);
      return { organizations: rows.map(toOrganization) };
    });

    app.post(
      "/organizations",
      { schema: { body: OrganizationCreate, response: { 201: z.object({ organization: Organization }) } } },
      async (request, reply) => {
        const row = await organizations.createForOwner(request.body, request.auth.userId);
        return reply.status(201).send({ organization: toOrganization(row) });
      },
    );
  };
}
