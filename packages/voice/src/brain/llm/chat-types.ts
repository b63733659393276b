/** The slice of the OpenAI chat-completions wire format Parley uses (also spoken by Groq, vLLM, Ollama, llama.cpp). */

export type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export type ToolDefinition = {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
};

export type LlmConfig = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };

/** One streamed piece of an answer: text as it comes, or the finished tool calls of the turn. */
export type ChatChunk = { kind: "text"; text: string } | { kind: "tool_calls"; calls: ToolCall[] };
