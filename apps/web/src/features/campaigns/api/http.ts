/**
 * PROVISIONAL transport for the campaign screens, written before apps/web/src/lib/api-client.ts
 * existed: bearer token from local storage, JSON or FormData bodies, failures carry the server body.
 */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export async function http<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { "X-Client-Version": "1.0.0" };
  const token = localStorage.getItem("authToken");
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`/api${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (res.status === 401) {
    localStorage.removeItem("authToken");
    window.location.assign("/login");
  }
  if (!res.ok) throw new HttpFailure(res.status, data);
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
