import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { GreetingPreview, GreetingPreviewAudioQuery } from "@parley/shared/campaigns";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { GreetingPreviewService } from "./greeting-preview.ts";

const IdParams = z.object({ id: z.string() });

/** The campaign's greeting for its first contact, as text and as audio (signed in: it holds the contact's name). */
export function greetingPreviewRoutes(deps: { preview: GreetingPreviewService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { preview, requireAuth } = deps;
  return async (app) => {
    app.get("/campaigns/:id/greeting-preview", { preHandler: requireAuth, schema: { params: IdParams, response: { 200: GreetingPreview } } }, async (request) =>
      preview.text(request.auth.orgId, request.params.id),
    );

    app.get("/campaigns/:id/greeting-preview/audio", { preHandler: requireAuth, schema: { params: IdParams, querystring: GreetingPreviewAudioQuery } }, async (request, reply) => {
      const wav = await preview.audio(request.auth.orgId, request.params.id, request.query.voice_id);
      return reply.type("audio/wav").header("cache-control", "private, no-store").send(Buffer.from(wav));
    });
  };
}
