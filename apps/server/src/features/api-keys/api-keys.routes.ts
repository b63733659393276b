import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiKeyCreated, ApiKeyInput, ApiKeyList } from "@parley/shared/api-keys";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { ApiKeysService } from "./api-keys.service.ts";

const KeyId = z.object({ id: z.uuid("API key not found.") });

/** Settings → API keys: owners and admins signed in as themselves (route-roles.ts, api-key-access.ts). */
export function apiKeysRoutes(deps: { apiKeys: ApiKeysService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { apiKeys, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);

    app.get("/api-keys", { schema: { response: { 200: ApiKeyList } } }, async (request) => ({
      keys: await apiKeys.list(request.auth.orgId),
    }));
    app.post("/api-keys", { schema: { body: ApiKeyInput, response: { 201: ApiKeyCreated } } }, async (request, reply) =>
      reply.status(201).send(await apiKeys.create(request.auth.orgId, request.auth.userId, request.body)),
    );
    app.delete("/api-keys/:id", { schema: { params: KeyId } }, async (request, reply) => {
      await apiKeys.revoke(request.auth.orgId, request.params.id);
      return reply.status(204).send();
    });
  };
}
