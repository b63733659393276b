import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DefaultCountry, DncAdd, DncImportResult, DncList, DncListQuery } from "@parley/shared/dnc";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { AppError, toFieldIssues, validationError } from "../../http/errors.ts";
import type { DncService } from "./dnc.service.ts";

const MAX_CSV_BYTES = 10 * 1024 * 1024;

export function dncRoutes(deps: { dnc: DncService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { dnc, requireAuth } = deps;
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1 } });
    app.addHook("preHandler", requireAuth);

    app.get("/dnc", { schema: { querystring: DncListQuery, response: { 200: DncList } } }, async (request) =>
      dnc.list(request.auth.orgId, request.query),
    );

    // JSON adds one number; multipart (field "file", optional "default_country") imports a CSV.
    app.post(
      "/dnc",
      { schema: { response: { 200: DncImportResult, 201: DncImportResult } } },
      async (request, reply) => {
        if (!request.isMultipart()) {
          const parsed = DncAdd.safeParse(request.body);
          if (!parsed.success) throw validationError(toFieldIssues(parsed.error.issues));
          const result = await dnc.add(request.auth.orgId, parsed.data, request.auth.userId);
          return reply.status(result.added ? 201 : 200).send(result);
        }
        const file = await request.file();
        if (!file) throw new AppError("validation_failed", "Please select a CSV file.");
        const tooLarge = new AppError("payload_too_large", "CSV file too large. Maximum size is 10 MB.");
        // Only a file over the limit is "too large" (busboy may just mark it truncated); a cut-off body goes to
        // the error handler as a 400.
        const buffer = await file.toBuffer().catch((err: Error & { code?: string }) => {
          throw err.code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge : err;
        });
        if (file.file.truncated) throw tooLarge;
        const country = (file.fields.default_country as { value?: string } | undefined)?.value;
        const region = country ? DefaultCountry.safeParse(country) : undefined;
        if (region && !region.success) throw validationError(toFieldIssues(region.error.issues));
        return dnc.importCsv(request.auth.orgId, buffer.toString("utf8"), region?.data, request.auth.userId);
      },
    );

    app.delete(
      "/dnc/:id",
      { schema: { params: z.object({ id: z.uuid("Do-not-call entry not found.") }) } },
      async (request, reply) => {
        await dnc.remove(request.auth.orgId, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
