import { api } from "./api-client.ts";
import { ApiRequestError } from "./api-error.ts";
import { session } from "./session.ts";
import { createSseParser } from "./sse-frames.ts";

function connect(path: string, signal: AbortSignal): Promise<Response> {
  // EventSource cannot send the bearer token, so the stream is read from a plain fetch.
  const headers: Record<string, string> = { Accept: "text/event-stream", "X-Client-Version": "1.0.0" };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`/api${path}`, { headers, signal });
}

/**
 * Reads an authenticated Server-Sent Events stream until the server ends it or `signal` aborts, calling
 * `onData` with each `event` message's parsed data. An expired token is renewed through the API client
 * (a request to `renewPath`, which also signs out when renewal fails) and the stream retried once; other
 * failures throw with the server's error message.
 */
export async function readEventStream(
  opts: { path: string; event: string; renewPath: string },
  onData: (data: unknown) => void,
  signal: AbortSignal,
): Promise<void> {
  let res = await connect(opts.path, signal);
  if (res.status === 401) {
    await api(opts.renewPath, { signal });
    res = await connect(opts.path, signal);
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiRequestError(
      body?.error?.message ?? `Stream failed with status ${res.status}`,
      res.status,
      body?.error?.code ?? "http_error",
    );
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const push = createSseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    for (const m of push(value)) if (m.event === opts.event) onData(JSON.parse(m.data));
  }
}
