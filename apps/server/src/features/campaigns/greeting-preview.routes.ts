import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { GreetingPreview, GreetingPreviewAudioQuery } from "@parley/shared/campaigns";
import { GreetingDraft, GreetingDraftAudio } from "@parley/shared/campaign-preview";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { GreetingPreviewService, PreviewSource } from "./greeting-preview.ts";

const IdParams = z.object({ id: z.string() });
const sourceOf = (d: GreetingDraft): PreviewSource => ({
  campaignId: d.campaign_id,
  openingLine: d.opening_line,
  contact: d.contact,
});
const wav = (bytes: Uint8Array) => Buffer.from(bytes);

/**
 * A greeting as a contact will hear it, as text and as audio (signed in: it holds the contact's name): the
 * saved campaign's (GET), or a draft opening line not yet saved (POST, what the setup screen previews).
 */
export function greetingPreviewRoutes(deps: {
  preview: GreetingPreviewService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { preview, requireAuth } = deps;
  return async (app) => {
    app.get(
      "/campaigns/:id/greeting-preview",
      { preHandler: requireAuth, schema: { params: IdParams, response: { 200: GreetingPreview } } },
      async (request) => preview.text(request.auth.orgId, { campaignId: request.params.id }),
    );

    app.get(
      "/campaigns/:id/greeting-preview/audio",
      { preHandler: requireAuth, schema: { params: IdParams, querystring: GreetingPreviewAudioQuery } },
      async (request, reply) => {
        const audio = await preview.audio(
          request.auth.orgId,
          { campaignId: request.params.id },
          request.query.voice_id,
        );
        return reply.type("audio/wav").header("cache-control", "private, no-store").send(wav(audio));
      },
    );

    app.post(
      "/campaigns/greeting-preview",
      { preHandler: requireAuth, schema: { body: GreetingDraft, response: { 200: GreetingPreview } } },
      async (request) => preview.text(request.auth.orgId, sourceOf(request.body)),
    );

    app.post(
      "/campaigns/greeting-preview/audio",
      { preHandler: requireAuth, schema: { body: GreetingDraftAudio } },
      async (request, reply) => {
        const audio = await preview.audio(request.auth.orgId, sourceOf(request.body), request.body.voice_id);
        return reply.type("audio/wav").header("cache-control", "private, no-store").send(wav(audio));
      },
    );
  };
}
