import { CampaignProgress } from "@parley/shared/campaign-progress";
import { api } from "../../../lib/api-client.ts";
import { ApiRequestError } from "../../../lib/api-error.ts";
import { session } from "../../../lib/session.ts";
import { createSseParser } from "../logic/sse-frames.ts";

const path = (id: string) => `/api/campaigns/${encodeURIComponent(id)}/progress`;

async function connect(id: string, signal: AbortSignal): Promise<Response> {
  // EventSource cannot send the bearer token, so the stream is read from a plain fetch.
  const headers: Record<string, string> = { Accept: "text/event-stream", "X-Client-Version": "1.0.0" };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path(id), { headers, signal });
}

/**
 * Reads the campaign's progress stream until the server ends it (the campaign finished) or `signal`
 * aborts, calling `onProgress` with each message. An expired token is renewed through the API client
 * (which also signs out when renewal fails) and the stream retried once; other failures throw.
 */
export async function readProgressStream(id: string, onProgress: (p: CampaignProgress) => void, signal: AbortSignal): Promise<void> {
  let res = await connect(id, signal);
  if (res.status === 401) {
    await api(`/campaigns/${encodeURIComponent(id)}`, { signal });
    res = await connect(id, signal);
  }
  if (!res.ok || !res.body) {
    // The error envelope's message when the server sent one (e.g. 404 "Campaign not found").
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiRequestError(body?.error?.message ?? `Progress stream failed with status ${res.status}`, res.status, body?.error?.code ?? "http_error");
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const push = createSseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    for (const m of push(value)) {
      if (m.event !== "progress") continue;
      const parsed = CampaignProgress.safeParse(JSON.parse(m.data));
      if (parsed.success) onProgress(parsed.data);
    }
  }
}
