import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http/errors.ts";
import { parseByteRange } from "./byte-range.ts";
import type { CallHistoryService } from "./call-history.service.ts";

const Params = z.object({ id: z.uuid("Recording not found.") });
const Query = z.object({ exp: z.coerce.number().int().catch(0), sig: z.string().max(100).catch("") });

/**
 * Call recordings behind signed, expiring addresses (no bearer token: <audio> cannot send one).
 * A bad, expired or foreign signature answers 404, like a missing recording. Range requests are served
 * so browsers can seek and show the length.
 */
export function recordingRoutes(deps: { callHistory: CallHistoryService }): FastifyPluginAsyncZod {
  const { callHistory } = deps;
  return async (app) => {
    app.get("/recordings/:id", { schema: { params: Params, querystring: Query } }, async (request, reply) => {
      const rec = await callHistory.openRecording(request.params.id, request.query.exp, request.query.sig);
      if (!rec) throw notFound("Recording");
      const range = parseByteRange(request.headers.range, rec.size);
      reply
        .header("accept-ranges", "bytes")
        .header("content-type", "audio/wav")
        .header("cache-control", "private, max-age=300");
      if (range === "unsatisfiable") {
        return reply.status(416).header("content-range", `bytes */${rec.size}`).send();
      }
      // Only the asked-for bytes are read from storage (a seek near the end of a long call reads its last chunks).
      const body = await callHistory.readRecording(rec.key, range ?? undefined);
      if (!body) throw notFound("Recording");
      if (!range) return reply.header("content-length", rec.size).send(body);
      return reply
        .status(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${rec.size}`)
        .header("content-length", range.end - range.start + 1)
        .send(body);
    });
  };
}
