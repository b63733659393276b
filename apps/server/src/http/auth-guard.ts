import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccessClaims, AccessTokens } from "../features/auth/access-tokens.ts";
import type { SessionCheck } from "../features/auth/session-check.ts";
import { AppError } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireAuth`; every org-scoped query uses `auth.orgId`; `auth.role` is the role now, not at sign-in. */
    auth: AccessClaims;
  }
}

/**
 * preHandler that admits only requests with a valid bearer access token of a session still open (not logged
 * out) whose user is still a member of its organisation. The role comes from the membership (cached a few
 * seconds, session-check.ts), not from the token, so a changed role counts before the token expires.
 * Idempotent: the role guard (role-guard.ts) runs it first, and the route's own preHandler then finds it done.
 */
export function createRequireAuth(tokens: AccessTokens, sessions: Pick<SessionCheck, "currentRole">) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (request.auth) return;
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    const claims = token ? await tokens.verify(token) : null;
    const role = claims ? await sessions.currentRole(claims) : null;
    if (!claims || !role) throw new AppError("unauthenticated", "Your session has expired. Please sign in again.");
    request.auth = { ...claims, role };
  };
}
export type RequireAuth = ReturnType<typeof createRequireAuth>;
