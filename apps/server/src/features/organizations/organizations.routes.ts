import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Organization,
  OrganizationCreate,
  OrganizationDelete,
  OrganizationExit,
  OrganizationList,
} from "@parley/shared/organizations";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { HOUR_MS, hourlyRule, waitPhrase, type Throttle } from "../auth/throttle.ts";
import type { DeleteOrganization } from "./delete-organization.ts";
import { toOrganization, type OrganizationsService } from "./organizations.service.ts";

/** `createPerHour`: organisations one user, and one client address, may create per hour (ORG_CREATE_LIMIT_PER_HOUR). */
export function organizationsRoutes(deps: {
  organizations: OrganizationsService;
  requireAuth: RequireAuth;
  throttle: Throttle;
  createPerHour: number;
  deleteOrganization: DeleteOrganization;
}): FastifyPluginAsyncZod {
  const { organizations, requireAuth, throttle } = deps;
  const tooMany = (ms: number) => `You have created too many organizations. Please try again in ${waitPhrase(ms)}.`;
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
        const rules = [
          hourlyRule(`org-create:user:${request.auth.userId}`, deps.createPerHour),
          hourlyRule(`org-create:address:${request.ip}`, deps.createPerHour),
        ];
        const reserved = await throttle.reserve(rules, HOUR_MS, tooMany);
        const row = await organizations
          .createForOwner(request.body, request.auth.userId)
          .catch(async (err: unknown) => {
            await throttle.refund(rules, reserved);
            throw err;
          });
        return reply.status(201).send({ organization: toOrganization(row) });
      },
    );

    // The organisation of the request (owner only: route-roles.ts), never one named in the URL.
    app.delete(
      "/organizations/current",
      { schema: { body: OrganizationDelete, response: { 200: OrganizationExit } } },
      async (request) => deps.deleteOrganization(request.auth.orgId, request.auth.userId, request.body.name),
    );
  };
}
