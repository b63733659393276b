import type { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  KB_SPOKEN_QUESTION_MAX_BYTES,
  KB_SPOKEN_QUESTION_MAX_MS,
  KbTranscribeQuery,
  KbTranscribeResponse,
} from "@parley/shared/knowledge-base";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { AppError } from "../../http/errors.ts";
import type { KbTranscribeService } from "./kb-transcribe.service.ts";

const WAV_TYPES = ["audio/wav", "audio/wave", "audio/x-wav", "audio/vnd.wave"];

/**
 * Reads the body up to the limit. Fastify's own bodyLimit answers a generic "body is too large"; a person
 * who spoke too long is told how long a question may be.
 */
function readAudio(payload: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= KB_SPOKEN_QUESTION_MAX_BYTES) return void chunks.push(chunk);
      payload.removeAllListeners("data");
      payload.resume();
      reject(
        new AppError(
          "payload_too_large",
          "The recording is too large: a spoken question can be at most " +
            `${KB_SPOKEN_QUESTION_MAX_MS / 1000} seconds long.`,
        ),
      );
    });
    payload.on("end", () => resolve(Buffer.concat(chunks)));
    payload.on("error", reject);
  });
}

/** POST /voice/KB/transcribe: a question said into the knowledge base test box, heard as a call hears it. */
export function kbTranscribeRoutes(deps: {
  transcribe: KbTranscribeService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(WAV_TYPES, (_request, payload, done) => {
      readAudio(payload).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
    });
    app.addHook("preHandler", deps.requireAuth);

    app.post(
      "/voice/KB/transcribe",
      { schema: { querystring: KbTranscribeQuery, response: { 200: KbTranscribeResponse } } },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new AppError("unsupported_media_type", "Send the recording as a WAV file (Content-Type: audio/wav).");
        return deps.transcribe.transcribe(request.auth.orgId, request.body, request.query.campaign_id);
      },
    );
  };
}
