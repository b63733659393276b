import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccessClaims, AccessTokens } from "../features/auth/access-tokens.ts";
import { AppError } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireAuth`; every org-scoped query uses `auth.orgId`. */
    auth: AccessClaims;
  }
}

/** preHandler that admits only requests with a valid bearer access token. */
export function createRequireAuth(tokens: AccessTokens) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw new AppError("unauthenticated", "Your session has expired. Please sign in again.");
    request.auth = claims;
  };
}
export type RequireAuth = ReturnType<typeof createRequireAuth>;
