import http from "node:http";
import https from "node:https";
import { resolveSafeTarget, UrlFetchError } from "../knowledge-base/safe-fetch.ts";

export type PostResult = { statusCode: number | null; response: string | null; error: string | null };
export type PostWebhook = (url: string, headers: Record<string, string>, body: string) => Promise<PostResult>;

const EXCERPT_CHARS = 500;
const MAX_READ_BYTES = 64 * 1024;

/**
 * POSTs one signed delivery under the knowledge base's address rules (public addresses only, pinned after
 * the check; `allowPrivate` is the tests-only switch). Redirects are not followed: a 3xx is an answer that
 * is not 2xx, so it is retried like any other. Never throws: the result says what happened.
 */
export function createWebhookPoster(o: { allowPrivate: boolean; timeoutMs: number }): PostWebhook {
  return async (raw, headers, body) => {
    let target: Awaited<ReturnType<typeof resolveSafeTarget>>;
    try {
      target = await resolveSafeTarget(raw, { allowPrivate: o.allowPrivate });
    } catch (err) {
      return { statusCode: null, response: null, error: err instanceof UrlFetchError ? err.message : String(err) };
    }
    const client = target.url.protocol === "https:" ? https : http;
    return new Promise<PostResult>((resolve) => {
      const req = client.request(
        target.url,
        {
          method: "POST",
          lookup: target.lookup,
          signal: AbortSignal.timeout(o.timeoutMs),
          headers: {
            ...headers,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "user-agent": "Parley-Webhooks/1.0",
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (c: Buffer) => {
            if (size < MAX_READ_BYTES) chunks.push(c);
            size += c.length;
          });
          const done = () =>
            resolve({
              statusCode: res.statusCode ?? null,
              response: Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_CHARS),
              error: null,
            });
          res.on("end", done);
          res.on("error", done);
        },
      );
      req.on("error", (err) => {
        const timedOut = err.name === "AbortError" || err.name === "TimeoutError";
        resolve({
          statusCode: null,
          response: null,
          error: timedOut ? `no answer within ${o.timeoutMs / 1000} s` : err.message,
        });
      });
      req.end(body);
    });
  };
}
