import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { LookupFunction } from "node:net";
import { blockedAddressReason, isPublicAddress } from "./address-policy.ts";

/** A URL the server will not or could not fetch, with the reason shown on the item. */
export class UrlFetchError extends Error {}

export type FetchedPage = { finalUrl: string; contentType: string; charset: string | undefined; body: Buffer };
export type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;
export type SafeFetchOptions = {
  /** TEST ONLY: lets integration tests reach their own server on 127.0.0.1. */
  allowPrivate?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  resolve?: Resolve;
  /** Which resolved addresses may be connected to; public addresses only unless a test says otherwise. */
  allowAddress?: (address: string) => boolean;
};

const TEXT_TYPES = /^(text\/[a-z0-9.+-]+|application\/xhtml\+xml)$/;
const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The one address to connect to, after every address of the name passed the policy (no rebinding: we pin it). */
async function pickAddress(url: URL, o: Required<SafeFetchOptions>): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await o.resolve(host).catch(() => {
        throw new UrlFetchError(`the name ${host} could not be resolved`);
      });
  if (addresses.length === 0) throw new UrlFetchError(`the name ${host} could not be resolved`);
  if (!o.allowPrivate) {
    for (const a of addresses) {
      if (!o.allowAddress(a.address)) {
        throw new UrlFetchError(
          `refused: ${host} points to ${blockedAddressReason(a.address) ?? "an address that is not allowed"}`,
        );
      }
    }
  }
  return addresses[0]!;
}

function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlFetchError("not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UrlFetchError("only http and https addresses can be fetched");
  if (url.username || url.password) throw new UrlFetchError("addresses with a user name or password are not fetched");
  return url;
}

type Hop = { status: number; location?: string; contentType: string; charset?: string; body: Buffer };

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  o: Required<SafeFetchOptions>,
  signal: AbortSignal,
): Promise<Hop> {
  const lookup: LookupFunction = (_h, opts, cb) =>
    opts?.all ? cb(null, [pinned]) : cb(null, pinned.address, pinned.family);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup,
        signal,
        headers: { "user-agent": "ParleyKnowledgeBase/1.0", accept: "text/html, text/plain;q=0.9, */*;q=0.1" },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const [type = "", ...params] = (res.headers["content-type"] ?? "")
          .split(";")
          .map((s) => s.trim().toLowerCase());
        const charset = params
          .find((p) => p.startsWith("charset="))
          ?.slice(8)
          .replace(/"/g, "");
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType: type, body: Buffer.alloc(0) });
        }
        if (status >= 400) {
          res.resume();
          return reject(new UrlFetchError(`the page answered HTTP ${status}`));
        }
        if (!TEXT_TYPES.test(type)) {
          res.resume();
          return reject(new UrlFetchError(`the address returned ${type || "an unknown type"}, not a web page or text`));
        }
        if (Number(res.headers["content-length"] ?? 0) > o.maxBytes) {
          res.destroy();
          return reject(new UrlFetchError(`the page is larger than ${o.maxBytes / 1024 / 1024} MB`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > o.maxBytes) {
            res.destroy();
            reject(new UrlFetchError(`the page is larger than ${o.maxBytes / 1024 / 1024} MB`));
          } else chunks.push(c);
        });
        res.on("end", () => resolve({ status, contentType: type, charset, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

const withDefaults = (options: SafeFetchOptions): Required<SafeFetchOptions> => ({
  allowPrivate: false,
  timeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  resolve: systemResolve,
  allowAddress: isPublicAddress,
  ...options,
});

/**
 * The same address rules for a request other than a page fetch (webhooks POST through it): the checked URL
 * and the one address to connect to, with a `lookup` that pins it (no DNS rebinding between check and use).
 */
export async function resolveSafeTarget(raw: string, options: SafeFetchOptions = {}) {
  const url = checkUrl(raw);
  const pinned = await pickAddress(url, withDefaults(options));
  const lookup: LookupFunction = (_h, opts, cb) =>
    opts?.all ? cb(null, [pinned]) : cb(null, pinned.address, pinned.family);
  return { url, pinned, lookup };
}

/** Fetches a web page for the knowledge base: http(s) only, public addresses only (also after redirects), bounded. */
export function createSafeFetcher(options: SafeFetchOptions = {}) {
  const o = withDefaults(options);
  return async function fetchPage(raw: string): Promise<FetchedPage> {
    const signal = AbortSignal.timeout(o.timeoutMs);
    let url = checkUrl(raw);
    try {
      for (let hop = 0; hop <= o.maxRedirects; hop++) {
        const pinned = await pickAddress(url, o);
        const res = await requestOnce(url, pinned, o, signal);
        if (!res.location)
          return { finalUrl: url.toString(), contentType: res.contentType, charset: res.charset, body: res.body };
        url = checkUrl(new URL(res.location, url).toString());
      }
    } catch (err) {
      if (err instanceof UrlFetchError) throw err;
      if (signal.aborted) throw new UrlFetchError(`the page did not answer within ${o.timeoutMs / 1000} s`);
      throw new UrlFetchError(`the page could not be fetched (${(err as Error).message})`);
    }
    throw new UrlFetchError(`too many redirects (more than ${o.maxRedirects})`);
  };
}
export type FetchPage = ReturnType<typeof createSafeFetcher>;
