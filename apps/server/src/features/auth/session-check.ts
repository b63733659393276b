import type { AuthRepo } from "./auth.repo.ts";

/**
 * Is a session (the `sid` of an access token: its refresh-token family) still open? Asked on every
 * authenticated request, so answers are cached for a few seconds per process: a logout in this process
 * takes effect at once (`markRevoked`), one in another API process (or a password change) within `ttlMs`.
 */
export function createSessionCheck(deps: { repo: AuthRepo; ttlMs?: number; now?: () => number }) {
  const ttlMs = deps.ttlMs ?? 5_000;
  const now = deps.now ?? (() => performance.now());
  const cache = new Map<string, { revoked: boolean; at: number }>();
  const MAX_ENTRIES = 10_000;

  function remember(sessionId: string, revoked: boolean): void {
    if (cache.size >= MAX_ENTRIES) {
      const oldest = now() - ttlMs;
      for (const [id, e] of cache) if (e.at < oldest) cache.delete(id);
      if (cache.size >= MAX_ENTRIES) cache.clear();
    }
    cache.set(sessionId, { revoked, at: now() });
  }

  return {
    async isOpen(sessionId: string): Promise<boolean> {
      const hit = cache.get(sessionId);
      if (hit && now() - hit.at < ttlMs) return !hit.revoked;
      const revoked = await deps.repo.familyRevoked(sessionId);
      remember(sessionId, revoked);
      return !revoked;
    },
    markRevoked(sessionId: string): void {
      remember(sessionId, true);
    },
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;
