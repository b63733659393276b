import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";
import { InputMessages } from "./input-errors.ts";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Text PostgreSQL cannot store (NUL) or that is not UTF-8 is refused at the door with a 400, before any
 * handler runs, for the address (path and query) and JSON bodies. Multipart fields and file contents reach
 * the database later; the error handler maps the database's own refusal (see isUnstorableText) to a 400 too.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const problem = addressProblem(request.url);
    if (problem) throw new AppError("validation_failed", problem);
  });

  const parseJson = app.getDefaultJsonParser("error", "ignore");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request: FastifyRequest, body: Buffer, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body);
    } catch {
      return done(new AppError("validation_failed", InputMessages.utf8), undefined);
    }
    parseJson(request, text, (err, value) => {
      if (err) return done(err, undefined);
      if (hasNul(value)) return done(new AppError("validation_failed", InputMessages.nul), undefined);
      done(null, value);
    });
  });
}

/** Why a request address cannot be served, or null: a NUL or a percent-escape that is not UTF-8. */
export function addressProblem(url: string): string | null {
  if (!url.includes("%")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return InputMessages.address;
  }
  return decoded.includes("\0") ? InputMessages.nul : null;
}

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\0") || hasNul(v));
  return false;
}
