import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { VoiceList } from "@parley/shared/voices";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { AppError, notFound } from "../../http/errors.ts";
import type { VoicesService } from "./voices.service.ts";

export function voicesRoutes(deps: { voices: VoicesService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { voices, requireAuth } = deps;
  return async (app) => {
    app.get("/voices", { preHandler: requireAuth, schema: { response: { 200: VoiceList } } }, async () => ({
      voices: await voices.list(),
    }));

    // Public: a clip holds no customer data, and an <audio> element cannot send a bearer token.
    // The URL carries a version (?v=), so the clip can be cached for good.
    app.get(
      "/voices/:id/preview.wav",
      { schema: { params: z.object({ id: z.string().max(200) }) } },
      async (request, reply) => {
        let clip: Awaited<ReturnType<typeof voices.preview>>;
        try {
          clip = await voices.preview(request.params.id);
        } catch (err) {
          request.log.warn({ err }, "voice preview failed");
          throw new AppError("internal", "This voice preview could not be made. Please try another voice.");
        }
        if (!clip) throw notFound("Voice");
        return reply
          .type("audio/wav")
          .header("content-length", clip.size)
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(clip.body);
      },
    );
  };
}
