import http from "node:http";
import https from "node:https";
import { resolveSafeTarget, UrlFetchError } from "../knowledge-base/safe-fetch.ts";

/**
 * The calendar server could not be reached at all (no answer, refused,
 * a name that does not resolve, a blocked address).
 */
export class CalendarUnreachable extends Error {}

const MAX_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const NULL_BODY = new Set([101, 204, 205, 304]);

type Answer = { status: number; statusText: string; headers: Headers; body: Buffer };

function once(
  url: string,
  init: { method: string; headers: Headers; body?: string },
  o: Options,
  signal: AbortSignal,
): Promise<Answer> {
  return resolveSafeTarget(url, { allowPrivate: o.allowPrivate }).then(
    (target) =>
      new Promise<Answer>((resolve, reject) => {
        const client = target.url.protocol === "https:" ? https : http;
        const headers = Object.fromEntries(init.headers);
        if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
        const req = client.request(
          target.url,
          { method: init.method, headers, lookup: target.lookup, signal },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on("data", (c: Buffer) => {
              size += c.length;
              if (size > MAX_BYTES)
                res.destroy(new Error(`the calendar answered more than ${MAX_BYTES / 1024 / 1024} MB`));
              else chunks.push(c);
            });
            res.on("end", () => {
              const h = new Headers();
              for (const [k, v] of Object.entries(res.headers))
                if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
              resolve({
                status: res.statusCode ?? 0,
                statusText: res.statusMessage ?? "",
                headers: h,
                body: Buffer.concat(chunks),
              });
            });
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(init.body);
      }),
  );
}

type Options = { allowPrivate: boolean; timeoutMs: number };

/**
 * The fetch tsdav is given: every request (and every redirect) goes to a public address checked and pinned by
 * the knowledge base's address rules (safe-fetch.ts), so a CalDAV address cannot be used to reach the server's
 * own network; `allowPrivate` is the test and self-hosting switch. Failures to connect become CalendarUnreachable.
 */
export function createCaldavFetch(o: Options): typeof fetch {
  return async (input, init = {}) => {
    let url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    let method = (init.method ?? "GET").toUpperCase();
    let body = typeof init.body === "string" ? init.body : undefined;
    const headers = new Headers(init.headers);
    const signal = AbortSignal.timeout(o.timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        const a = await once(url, { method, headers, body }, o, signal);
        const location = a.headers.get("location");
        if (a.status >= 300 && a.status < 400 && location && init.redirect !== "manual" && hop < MAX_REDIRECTS) {
          url = new URL(location, url).href;
          if (a.status === 303) [method, body] = ["GET", undefined];
          continue;
        }
        return new Response(NULL_BODY.has(a.status) ? null : new Uint8Array(a.body), {
          status: a.status,
          statusText: a.statusText,
          headers: a.headers,
        });
      }
    } catch (err) {
      if (signal.aborted)
        throw new CalendarUnreachable(`the calendar server did not answer within ${o.timeoutMs / 1000} s`);
      if (err instanceof UrlFetchError) throw new CalendarUnreachable(err.message);
      const e = err as NodeJS.ErrnoException;
      throw new CalendarUnreachable(
        e.code === "ECONNREFUSED" ? "the calendar server refused the connection" : e.message,
      );
    }
  };
}
