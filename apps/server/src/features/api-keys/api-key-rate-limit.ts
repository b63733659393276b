import type { Clock } from "../../platform/clock.ts";
import { AppError } from "../../http/errors.ts";

const WINDOW_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * Requests per key per minute, in a fixed one-minute window kept in this process. Written by hand because
 * @fastify/rate-limit is not a dependency and would key on the route before our auth has named the key; a map
 * of counters is all a per-key limit needs. With several API processes each allows the limit (documented).
 */
export function createApiKeyRateLimit(deps: { perMinute: number; clock: Clock }) {
  const windows = new Map<string, { start: number; count: number }>();

  function prune(now: number): void {
    if (windows.size < MAX_TRACKED) return;
    for (const [id, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(id);
  }

  return {
    /** Counts one request of the key; past the limit throws 429 with Retry-After (seconds until the window ends). */
    hit(keyId: string): void {
      const now = deps.clock.now().getTime();
      let w = windows.get(keyId);
      if (!w || now - w.start >= WINDOW_MS) {
        prune(now);
        w = { start: now, count: 0 };
        windows.set(keyId, w);
      }
      w.count += 1;
      if (w.count <= deps.perMinute) return;
      const wait = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
      throw new AppError(
        "rate_limited",
        `This API key made more than ${deps.perMinute} requests in a minute. Try again in ${wait} s.`,
        undefined,
        {
          "retry-after": String(wait),
        },
      );
    },
  };
}
export type ApiKeyRateLimit = ReturnType<typeof createApiKeyRateLimit>;
