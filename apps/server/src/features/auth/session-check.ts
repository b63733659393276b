import type { Role } from "@parley/shared/auth";
import type { AuthRepo } from "./auth.repo.ts";

type Session = { sessionId: string; orgId: string; userId: string };

/**
 * Is a session (the `sid` of an access token: its refresh-token family) still open, and what is its user's
 * role in its organisation now? Asked on every authenticated request (one query answers both), so answers
 * are cached for a few seconds per process: a logout or a role change made in this process takes effect at once
 * (`markRevoked`, `forgetMember`); one in another API process, a password change, a role change or a removal from
 * the organisation within `ttlMs` — so a token's role claim is never trusted beyond those few seconds.
 */
export function createSessionCheck(deps: { repo: AuthRepo; ttlMs?: number; now?: () => number }) {
  const ttlMs = deps.ttlMs ?? 5_000;
  const now = deps.now ?? (() => performance.now());
  // role null: the session is closed or its user is no longer a member of its organisation.
  const cache = new Map<string, { role: Role | null; at: number; orgId: string; userId: string }>();
  const MAX_ENTRIES = 10_000;

  function remember(
    sessionId: string,
    role: Role | null,
    orgId = cache.get(sessionId)?.orgId ?? "",
    userId = cache.get(sessionId)?.userId ?? "",
  ): void {
    if (cache.size >= MAX_ENTRIES) {
      const oldest = now() - ttlMs;
      for (const [id, e] of cache) if (e.at < oldest) cache.delete(id);
      if (cache.size >= MAX_ENTRIES) cache.clear();
    }
    cache.set(sessionId, { role, at: now(), orgId, userId });
  }

  return {
    /** The user's current role in the session's organisation, or null when the session may not be used. */
    async currentRole({ sessionId, orgId, userId }: Session): Promise<Role | null> {
      const hit = cache.get(sessionId);
      if (hit && now() - hit.at < ttlMs) return hit.role;
      const { revoked, role } = await deps.repo.sessionState(sessionId, orgId, userId);
      const current = revoked ? null : role;
      remember(sessionId, current, orgId, userId);
      return current;
    },
    markRevoked(sessionId: string): void {
      remember(sessionId, null);
    },
    /**
     * The user's role in the organisation changed here: their sessions there are asked again on their next request,
     * so a demoted admin loses the admin's routes at once rather than a few seconds later.
     */
    forgetMember(userId: string, orgId: string): void {
      for (const [sessionId, e] of cache) if (e.userId === userId && e.orgId === orgId) cache.delete(sessionId);
    },
    /** The organisation is gone (deleted here): every session of it this process knows is closed at once. */
    markOrganizationClosed(orgId: string): void {
      for (const [sessionId, e] of cache) if (e.orgId === orgId) remember(sessionId, null, orgId);
    },
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;
