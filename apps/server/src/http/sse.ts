import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// A comment line now and then keeps proxies from closing a quiet stream.
const KEEPALIVE_MS = 15_000;

/**
 * Server-Sent Events for a route plugin: `stream` sends `first`, then every value `changes` yields, each
 * as `event: <name>`, until the changes end, the client goes away or the server closes (shutting down
 * never waits on an open browser tab).
 */
export function sseStreams(app: FastifyInstance) {
  const open = new Set<AbortController>();
  app.addHook("preClose", async () => open.forEach((c) => void c.abort()));

  return async function stream<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    event: string,
    first: T,
    changes: (signal: AbortSignal) => AsyncIterable<T>,
  ): Promise<void> {
    const controller = new AbortController();
    open.add(controller);
    request.raw.on("close", () => controller.abort());
    reply.hijack();
    const res = reply.raw;
    const send = (value: T) => res.write(`event: ${event}\ndata: ${JSON.stringify(value)}\n\n`);
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    send(first);
    const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEPALIVE_MS);
    try {
      for await (const next of changes(controller.signal)) send(next);
    } catch (err) {
      request.log.error({ err }, `${event} stream failed`);
    } finally {
      clearInterval(keepAlive);
      open.delete(controller);
      res.end();
    }
  };
}
