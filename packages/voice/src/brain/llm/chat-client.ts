import type { ChatChunk, ChatMessage, LlmConfig, ToolCall, ToolDefinition } from "./chat-types.ts";

const DEFAULT_TIMEOUT_MS = 20_000;

const endpoint = (baseUrl: string): string =>
  `${baseUrl.replace(/\/+$/, "").replace(/\/chat\/completions$/, "")}/chat/completions`;

/** POSTs a chat request; HTTP errors and timeouts become Errors that say what to fix. */
async function post(config: LlmConfig, body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: body.stream ? "text/event-stream" : "application/json",
  };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  let res: Response;
  try {
    res = await fetch(endpoint(config.baseUrl), {
      method: "POST",
      headers,
      body: JSON.stringify({ model: config.model, ...body }),
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (err) {
    if (signal.aborted) throw err;
    if (timeout.aborted) throw new Error(`LLM request to ${config.baseUrl} timed out after ${timeoutMs / 1000} s`);
    throw new Error(`LLM server ${config.baseUrl} is unreachable: ${(err as Error).message}`);
  }
  if (res.ok) return res;
  const detail = (await res.text().catch(() => "")).slice(0, 200).replace(/\s+/g, " ").trim();
  const hint =
    res.status === 401 || res.status === 403
      ? " — check the API key"
      : res.status === 404
        ? " — check the base URL and the model name"
        : res.status === 429
          ? " — rate limited"
          : res.status >= 500
            ? " — the LLM server failed"
            : "";
  throw new Error(`LLM request failed with HTTP ${res.status}${hint}${detail ? `: ${detail}` : ""}`);
}

/** The `data:` payloads of a server-sent-events body, up to `[DONE]`. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl).replace(/\r$/, "");
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith("data:")) continue; // comments (": keep-alive"), event names, blank separators
      const data = line.slice(5).trim();
      if (data === "[DONE]") return;
      if (data) yield data;
    }
  }
}

type StreamDelta = {
  content?: string | null;
  tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>;
};
type StreamEvent = { choices?: Array<{ delta?: StreamDelta }>; error?: { message?: string } };

/** Streams one completion: text chunks as they arrive, then the tool calls assembled from their deltas. */
export async function* streamChat(
  config: LlmConfig,
  messages: ChatMessage[],
  tools: ToolDefinition[],
  signal: AbortSignal,
): AsyncGenerator<ChatChunk> {
  const res = await post(config, { messages, tools, stream: true }, signal);
  if (!res.body) throw new Error("LLM server answered without a body");
  const calls: ToolCall[] = [];
  for await (const data of sseData(res.body)) {
    let event: StreamEvent;
    try {
      event = JSON.parse(data) as StreamEvent;
    } catch {
      throw new Error(`LLM server sent an unreadable stream chunk: ${data.slice(0, 80)}`);
    }
    if (event.error) throw new Error(`LLM server error: ${event.error.message ?? "unknown"}`);
    const delta = event.choices?.[0]?.delta;
    if (delta?.content) yield { kind: "text", text: delta.content };
    for (const d of delta?.tool_calls ?? []) {
      // Deltas of one call share an index: the first carries id and name, the rest append argument text.
      const i = d.index ?? calls.length - 1;
      calls[i] ??= { id: "", type: "function", function: { name: "", arguments: "" } };
      const call = calls[i]!;
      if (d.id) call.id = d.id;
      if (d.function?.name) call.function.name += d.function.name;
      if (d.function?.arguments) call.function.arguments += d.function.arguments;
    }
  }
  const done = calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
  if (done.length) yield { kind: "tool_calls", calls: done };
}

/** One non-streamed completion's text (used for the end-of-call summary). */
export async function completeChat(config: LlmConfig, messages: ChatMessage[], signal: AbortSignal): Promise<string> {
  const res = await post(config, { messages, stream: false, temperature: 0 }, signal);
  const json = (await res.json()) as { choices?: Array<{ message?: { content?: string | null } }> };
  return json.choices?.[0]?.message?.content ?? "";
}
