import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OrgClockResponse, OrgSettingsResponse, ProfileResponse } from "@parley/shared/settings";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { SettingsService } from "./settings.service.ts";

/**
 * Settings of the signed-in user's organisation and of the user. Bodies are validated in the service
 * (with the shared schemas) so a member's PUT answers 403 before anything is read from it.
 */
export function settingsRoutes(deps: { settings: SettingsService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { settings, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.get("/settings/organization", { schema: { response: { 200: OrgSettingsResponse } } }, async (request) =>
      settings.getOrg(request.auth.orgId, request.auth.role),
    );
    app.get("/settings/organization/clock", { schema: { response: { 200: OrgClockResponse } } }, async (request) =>
      settings.getClock(request.auth.orgId),
    );
    app.put("/settings/organization", { schema: { response: { 200: OrgSettingsResponse } } }, async (request) =>
      settings.updateOrg(request.auth, request.body),
    );

    app.get("/settings/profile", { schema: { response: { 200: ProfileResponse } } }, async (request) => ({
      profile: await settings.getProfile(request.auth.userId),
    }));
    app.put("/settings/profile", { schema: { response: { 200: ProfileResponse } } }, async (request) => ({
      profile: await settings.updateProfile(request.auth.userId, request.body),
    }));

    app.post("/settings/profile/password", async (request, reply) => {
      await settings.changePassword(request.auth.userId, request.body, request.ip);
      return reply.status(204).send();
    });
  };
}
