import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../http/errors.ts";
import type { Metrics } from "../../platform/metrics.ts";

/**
 * `GET /metrics` (Prometheus text format), on the app's own port, outside /api like every Prometheus target.
 * Closed by default: the figures (call volume and outcomes across every organisation) are not for the
 * public, so without METRICS_TOKEN the route does not exist, and with it a scrape must send
 * `Authorization: Bearer <METRICS_TOKEN>` (Prometheus's `authorization` setting). A token, not a second
 * port: behind a load balancer every process is reached the same way and nothing else needs opening.
 */
export function registerMetricsRoute(app: FastifyInstance, deps: { metrics: Metrics; token: string | null }): void {
  if (!deps.token) return;
  const expected = crypto.createHash("sha256").update(deps.token).digest();
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    // Compared as hashes in constant time: the token's length and prefix leak nothing.
    if (!crypto.timingSafeEqual(crypto.createHash("sha256").update(sent).digest(), expected)) {
      throw new AppError(
        "unauthenticated",
        "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.",
        undefined,
        { "www-authenticate": 'Bearer realm="metrics"' },
      );
    }
    return reply.header("content-type", deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
}
