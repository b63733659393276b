import { LiveCalls } from "@parley/shared/analytics";
import { api } from "../../lib/api-client.ts";
import { ApiRequestError } from "../../lib/api-error.ts";
import { session } from "../../lib/session.ts";
import { createSseParser } from "./sse-parser.ts";

const PATH = "/api/calls/live";

function connect(signal: AbortSignal): Promise<Response> {
  // EventSource cannot send the bearer token, so the stream is read from a plain fetch.
  const headers: Record<string, string> = { Accept: "text/event-stream", "X-Client-Version": "1.0.0" };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(PATH, { headers, signal });
}

/**
 * Reads the organisation's live calls stream until the server ends it or `signal` aborts. An expired
 * token is renewed through the API client (which signs out when renewal fails) and the stream retried once.
 */
export async function readLiveCalls(onCalls: (l: LiveCalls) => void, signal: AbortSignal): Promise<void> {
  let res = await connect(signal);
  if (res.status === 401) {
    await api("/dashboard/conversation-minutes", { signal });
    res = await connect(signal);
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiRequestError(body?.error?.message ?? `Live calls failed with status ${res.status}`, res.status, body?.error?.code ?? "http_error");
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const push = createSseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    for (const m of push(value)) {
      if (m.event !== "live") continue;
      const parsed = LiveCalls.safeParse(JSON.parse(m.data));
      if (parsed.success) onCalls(parsed.data);
    }
  }
}
