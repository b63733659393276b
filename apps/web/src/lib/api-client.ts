import { z } from "zod";
import { LoginResponse } from "@parley/shared/auth";
import { ApiError } from "@parley/shared/errors";
import { ApiRequestError, logFailure } from "./api-error.ts";
import { session } from "./session.ts";
import { loginReturningTo } from "./return-path.ts";

const BASE = "/api";
const TIMEOUT_MS = 30_000;
const CLIENT_VERSION = "1.0.0";

export type RequestOptions<S extends z.ZodType> = {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** JSON-encoded unless it is FormData, URLSearchParams or a Blob (sent with its own type). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  schema?: S;
  signal?: AbortSignal;
  /** Auth calls skip the shared 401 handling (a wrong password must not bounce to /login). */
  skipAuthHandling?: boolean;
  /** Upload progress 0–100 (uses XMLHttpRequest, which reports it). */
  onUploadProgress?: (percent: number) => void;
};

/** status 0: no response (network failure or timeout). `token`: the bearer the request carried. */
type RawResponse = { status: number; data: unknown; token: string | null };

function url(path: string, query?: RequestOptions<z.ZodType>["query"]): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== "") qs.set(k, String(v));
  const q = qs.toString();
  return `${BASE}${path.startsWith("/") ? path : `/${path}`}${q ? `?${q}` : ""}`;
}

function encode(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
  if (body instanceof Blob) return { body, contentType: body.type || "application/octet-stream" };
  if (body instanceof URLSearchParams) return { body, contentType: "application/x-www-form-urlencoded" };
  return { body: JSON.stringify(body), contentType: "application/json" };
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

function send(target: string, method: string, body: unknown, opts: RequestOptions<z.ZodType>): Promise<RawResponse> {
  const { body: payload, contentType } = encode(body);
  const headers: Record<string, string> = { "X-Client-Version": CLIENT_VERSION, Accept: "application/json" };
  if (contentType) headers["Content-Type"] = contentType;
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;

  if (opts.onUploadProgress)
    return sendWithProgress(target, method, headers, payload, opts.onUploadProgress, opts.signal, token);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  opts.signal?.addEventListener("abort", forwardAbort, { once: true });
  return fetch(target, { method, headers, body: payload, signal: controller.signal })
    .then(async (res) => ({ status: res.status, data: parse(await res.text()), token }))
    .catch((err: unknown) => {
      // The caller cancelled (e.g. TanStack Query): not a network failure, so no log and no message.
      if (opts.signal?.aborted) throw err;
      return { status: 0, data: undefined, token };
    })
    .finally(() => {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", forwardAbort);
    });
}

function sendWithProgress(
  target: string,
  method: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  onProgress: (p: number) => void,
  signal: AbortSignal | undefined,
  token: string | null,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, target);
    xhr.timeout = TIMEOUT_MS * 10; // uploads of several 20 MB files outlast the 30 s call timeout
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => resolve({ status: xhr.status, data: parse(xhr.responseText), token });
    xhr.onerror = xhr.ontimeout = () => resolve({ status: 0, data: undefined, token });
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body as XMLHttpRequestBodyInit | undefined);
  });
}

type RefreshOutcome = "renewed" | "rejected" | "offline";
let refreshing: Promise<RefreshOutcome> | null = null;

/** One refresh at a time, however many requests hit 401 together; the rotated tokens are stored. */
function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) return "rejected";
    const res = await send(url("/auth/refresh"), "POST", { refresh_token: refreshToken }, { skipAuthHandling: true });
    if (res.status === 0) return "offline";
    const parsed = LoginResponse.safeParse(res.data);
    if (res.status !== 200 || !parsed.success) return "rejected";
    session.store(parsed.data);
    return "renewed";
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function signOutToLogin(): void {
  session.clear();
  // An invitation page is come back to after signing in again, so the link is not lost.
  if (window.location.pathname !== "/login") window.location.assign(loginReturningTo(window.location.pathname));
}

/** A 401: refresh once (unless another request already did) and retry once; else sign out. */
async function retryAfterRefresh(
  first: RawResponse,
  target: string,
  method: string,
  opts: RequestOptions<z.ZodType>,
): Promise<RawResponse> {
  const current = session.token();
  const outcome = current && current !== first.token ? "renewed" : await refreshSession();
  // Offline is not a verdict on the session: report the network error and keep the user signed in.
  if (outcome === "offline") return { status: 0, data: undefined, token: first.token };
  const res = outcome === "renewed" ? await send(target, method, opts.body, opts) : first;
  if (res.status !== 401) return res;
  signOutToLogin();
  throw new ApiRequestError("Your session has expired. Please sign in again.", 401, "unauthenticated");
}

// The shared error envelope with the code widened to any string, so a code added on the server later
// still carries its message through.
const ErrorEnvelope = ApiError.extend({ error: ApiError.shape.error.extend({ code: z.string() }) });

function toError(res: RawResponse): ApiRequestError {
  const body = ErrorEnvelope.safeParse(res.data);
  if (!body.success) return new ApiRequestError(`Request failed with status ${res.status}`, res.status, "http_error");
  const { code, message, details } = body.data.error;
  return new ApiRequestError(message, res.status, code, details);
}

/** Calls the API and answers the body (validated by `schema` when given); throws ApiRequestError. */
export async function api<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  opts: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  const method = opts.method ?? "GET";
  const target = url(path, opts.query);
  let res = await send(target, method, opts.body, opts);
  if (res.status === 401 && !opts.skipAuthHandling) res = await retryAfterRefresh(res, target, method, opts);
  if (res.status === 0) {
    logFailure(0, undefined);
    throw new ApiRequestError("Network error - no response received", 0, "network");
  }
  if (res.status >= 400) {
    logFailure(res.status, res.data);
    throw toError(res);
  }
  if (!opts.schema) return res.data as z.infer<S>;
  const parsed = opts.schema.safeParse(res.data);
  if (!parsed.success)
    throw new ApiRequestError(
      "The server sent an answer this app does not understand.",
      res.status,
      "bad_response",
      parsed.error.issues,
    );
  return parsed.data;
}
