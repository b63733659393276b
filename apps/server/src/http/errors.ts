import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorCode, FieldIssue } from "@parley/shared/errors";
import { InputMessages, isMalformedMultipart, isUnstorableText } from "./input-errors.ts";

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_configured: 501,
  internal: 500,
};

/** The one error class: services throw it, the handler turns it into the wire shape. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found.`);

export function validationError(issues: FieldIssue[]): AppError {
  return new AppError("validation_failed", issues[0]?.message ?? "Invalid request.", issues);
}

/** Maps zod-ish issue lists to `{path, message}` pairs. */
export function toFieldIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldIssue[] {
  return issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // The type is set again: a download route (CSV export) may have set its own before failing.
    const send = (status: number, code: ErrorCode, message: string, details?: unknown) =>
      reply
        .status(status)
        .type("application/json; charset=utf-8")
        .send({ error: { code, message, ...(details === undefined ? {} : { details }), requestId: request.id } });

    if (err instanceof AppError) {
      reply.headers(err.headers);
      return send(err.status, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: (v.instancePath || "").replace(/^\//, "").replaceAll("/", "."),
        message: v.message ?? "Invalid value.",
      }));
      return send(400, "validation_failed", issues[0]?.message ?? "Invalid request.", issues);
    }
    if (isUnstorableText(err)) return send(400, "validation_failed", InputMessages.nul);
    if (!err.statusCode && isMalformedMultipart(err)) return send(400, "validation_failed", InputMessages.multipart);
    const status = err.statusCode ?? 500;
    if (status === 413) return send(413, "payload_too_large", "The request body is too large.");
    if (status === 415) return send(415, "unsupported_media_type", err.message);
    if (status >= 400 && status < 500)
      return send(status, status === 404 ? "not_found" : "validation_failed", err.message);
    request.log.error({ err }, "unhandled error");
    return send(500, "internal", "Something went wrong on our side. Please try again.");
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: "not_found", message: "Resource not found.", requestId: request.id } }),
  );
}
