import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiKeyScope } from "@parley/shared/api-keys";
import type { AccessClaims, AccessTokens } from "../features/auth/access-tokens.ts";
import type { SessionCheck } from "../features/auth/session-check.ts";
import { looksLikeApiKey } from "../features/api-keys/api-key-secret.ts";
import type { KeyAuth } from "../features/api-keys/api-keys.service.ts";
import { AppError } from "./errors.ts";

/** `apiKey` is set when the request was signed with an API key rather than a person's access token. */
export type RequestAuth = AccessClaims & { apiKey?: { id: string; scope: ApiKeyScope } };

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireAuth`; every org-scoped query uses `auth.orgId`; `auth.role` is the role now, not at sign-in. */
    auth: RequestAuth;
  }
}

/**
 * An API key acts as its organisation with its creator's role now, capped at admin (never owner: a key is a
 * credential of the organisation's systems, not of the person who holds the organisation), its writes attributed
 * to the person who created it. A demoted creator's key loses what they lost; a removed creator's key is refused
 * (api-keys.service.ts). What a key may not reach even so (owner routes, account routes, key management, writes
 * with a read key) is decided by the role guard with api-key-access.ts.
 */
function keyClaims(key: KeyAuth): RequestAuth {
  return {
    userId: key.userId,
    orgId: key.orgId,
    role: key.role,
    sessionId: `api-key:${key.keyId}`,
    apiKey: { id: key.keyId, scope: key.scope },
  };
}

/**
 * preHandler that admits only requests with a valid bearer: an access token of a session still open (not logged
 * out) whose user is still a member of its organisation, or an API key (pk_live_…) not revoked and within its
 * rate limit. The role comes from the membership (cached a few seconds, session-check.ts), not from the token,
 * so a changed role counts before the token expires.
 * Idempotent: the role guard (role-guard.ts) runs it first, and the route's own preHandler then finds it done.
 */
export function createRequireAuth(
  tokens: AccessTokens,
  sessions: Pick<SessionCheck, "currentRole">,
  keys?: { authenticate(secret: string): Promise<KeyAuth> },
) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (request.auth) return;
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (keys && looksLikeApiKey(token)) {
      request.auth = keyClaims(await keys.authenticate(token));
      return;
    }
    const claims = token ? await tokens.verify(token) : null;
    const role = claims ? await sessions.currentRole(claims) : null;
    if (!claims || !role) throw new AppError("unauthenticated", "Your session has expired. Please sign in again.");
    request.auth = { ...claims, role };
  };
}
export type RequireAuth = ReturnType<typeof createRequireAuth>;
