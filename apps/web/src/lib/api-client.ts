import type { z } from "zod";
import { LoginResponse } from "@parley/shared/auth";
import { ApiRequestError, logFailure } from "./api-error.ts";
import { session } from "./session.ts";

const BASE = "/api";
const TIMEOUT_MS = 30_000;
const CLIENT_VERSION = "1.0.0";

export type RequestOptions<S extends z.ZodType> = {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** JSON-encoded unless it is FormData or URLSearchParams. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  schema?: S;
  signal?: AbortSignal;
  /** Auth calls skip the shared 401 handling (a wrong password must not bounce to /login). */
  skipAuthHandling?: boolean;
  /** Upload progress 0–100 (uses XMLHttpRequest, which reports it). */
  onUploadProgress?: (percent: number) => void;
};

type RawResponse = { status: number; data: unknown };

function url(path: string, query?: RequestOptions<z.ZodType>["query"]): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== "") qs.set(k, String(v));
  const q = qs.toString();
  return `${BASE}${path.startsWith("/") ? path : `/${path}`}${q ? `?${q}` : ""}`;
}

function encode(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
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

  if (opts.onUploadProgress) return sendWithProgress(target, method, headers, payload, opts.onUploadProgress);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  opts.signal?.addEventListener("abort", () => controller.abort());
  return fetch(target, { method, headers, body: payload, signal: controller.signal })
    .then(async (res) => ({ status: res.status, data: parse(await res.text()) }))
    .catch(() => ({ status: 0, data: undefined }))
    .finally(() => clearTimeout(timer));
}

function sendWithProgress(target: string, method: string, headers: Record<string, string>, body: BodyInit | undefined, onProgress: (p: number) => void): Promise<RawResponse> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, target);
    xhr.timeout = TIMEOUT_MS * 10; // uploads of several files may take longer than a call
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => resolve({ status: xhr.status, data: parse(xhr.responseText) });
    xhr.onerror = xhr.ontimeout = () => resolve({ status: 0, data: undefined });
    xhr.send(body as XMLHttpRequestBodyInit | undefined);
  });
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, however many requests hit 401 together. */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) return false;
    const res = await send(url("/auth/refresh"), "POST", { refresh_token: refreshToken }, { skipAuthHandling: true });
    const parsed = LoginResponse.safeParse(res.data);
    if (res.status !== 200 || !parsed.success) return false;
    session.store(parsed.data);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function signOutToLogin(): void {
  session.clear();
  if (window.location.pathname !== "/login") window.location.assign("/login");
}

/** Calls the API and answers the body (validated by `schema` when given); throws ApiRequestError. */
export async function api<S extends z.ZodType = z.ZodUnknown>(path: string, opts: RequestOptions<S> = {}): Promise<z.infer<S>> {
  const method = opts.method ?? "GET";
  const target = url(path, opts.query);
  let res = await send(target, method, opts.body, opts);
  if (res.status === 401 && !opts.skipAuthHandling) {
    if (await refreshSession()) res = await send(target, method, opts.body, opts);
    if (res.status === 401) {
      signOutToLogin();
      throw new ApiRequestError("Your session has expired. Please sign in again.", 401, "unauthenticated");
    }
  }
  if (res.status === 0) {
    logFailure(0, undefined);
    throw new ApiRequestError("Network error - no response received", 0, "network");
  }
  if (res.status >= 400) {
    logFailure(res.status, res.data);
    const err = (res.data as { error?: { code?: string; message?: string; details?: unknown } } | undefined)?.error;
    throw new ApiRequestError(err?.message ?? `Request failed with status ${res.status}`, res.status, err?.code ?? "http_error", err?.details);
  }
  if (!opts.schema) return res.data as z.infer<S>;
  const parsed = opts.schema.safeParse(res.data);
  if (!parsed.success) throw new ApiRequestError("The server sent an answer this app does not understand.", res.status, "bad_response", parsed.error.issues);
  return parsed.data;
}
