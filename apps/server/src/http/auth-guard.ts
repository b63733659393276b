import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccessClaims, AccessTokens } from "../features/auth/access-tokens.ts";
import type { SessionCheck } from "../features/auth/session-check.ts";
import { AppError } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireAuth`; every org-scoped query uses `auth.orgId`. */
    auth: AccessClaims;
  }
}

/** preHandler that admits only requests with a valid bearer access token of a session still open (not logged out). */
export function createRequireAuth(tokens: AccessTokens, sessions: Pick<SessionCheck, "isOpen">) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    const claims = token ? await tokens.verify(token) : null;
    if (!claims || !(await sessions.isOpen(claims.sessionId))) throw new AppError("unauthenticated", "Your session has expired. Please sign in again.");
    request.auth = claims;
  };
}
export type RequireAuth = ReturnType<typeof createRequireAuth>;
