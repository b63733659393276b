import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CampaignProgress } from "@parley/shared/campaign-progress";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { sseStreams } from "../../http/sse.ts";
import { notFound } from "../../http/errors.ts";
import type { CampaignProgressService } from "./campaign-progress.service.ts";

/** GET /campaigns/:id/progress: the campaign's live progress as Server-Sent Events (`event: progress`). */
export function campaignProgressRoutes(deps: {
  progress: CampaignProgressService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { progress, requireAuth } = deps;
  return async (app) => {
    const stream = sseStreams(app);
    app.addHook("preHandler", requireAuth);

    app.get("/campaigns/:id/progress", { schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
      const { orgId } = request.auth;
      const first = await progress.snapshot(orgId, request.params.id);
      if (!first) throw notFound("Campaign"); // another org's campaign: 404 before any stream starts
      await stream<CampaignProgress>(request, reply, "progress", first, (signal) =>
        progress.changes(orgId, request.params.id, first, signal),
      );
    });
  };
}
