/** Turns texts into vectors; the knowledge base uses it only when EMBEDDINGS_* is configured. */
export interface Embedder {
  readonly model: string;
  embed(texts: string[]): Promise<number[][]>;
}

export type OpenAiEmbedderOptions = {
  baseUrl: string;
  model: string;
  apiKey?: string;
  batchSize?: number;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

type EmbeddingsAnswer = { data?: Array<{ index?: number; embedding?: number[] }> };

/** OpenAI-compatible POST {base}/embeddings (OpenAI, vLLM, Ollama, llama.cpp server, LocalAI). */
export function createOpenAiEmbedder(o: OpenAiEmbedderOptions): Embedder {
  const doFetch = o.fetch ?? globalThis.fetch;
  const endpoint = `${o.baseUrl.replace(/\/+$/, "")}/embeddings`;
  const batchSize = o.batchSize ?? 64;

  async function embedBatch(input: string[]): Promise<number[][]> {
    const res = await doFetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
      body: JSON.stringify({ model: o.model, input }),
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
    });
    if (!res.ok)
      throw new Error(`embeddings endpoint answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const body = (await res.json()) as EmbeddingsAnswer;
    const rows = body.data ?? [];
    if (rows.length !== input.length)
      throw new Error(`embeddings endpoint answered ${rows.length} vectors for ${input.length} texts`);
    // The index field orders answers; providers may return them in any order.
    return [...rows]
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .map((r) => {
        if (!Array.isArray(r.embedding)) throw new Error("embeddings endpoint answered without an embedding");
        return r.embedding;
      });
  }

  return {
    model: o.model,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) out.push(...(await embedBatch(texts.slice(i, i + batchSize))));
      return out;
    },
  };
}

/** Reciprocal rank fusion of several best-first id lists (k = 60, as in the original paper). */
export function fuseRanks(lists: string[][], k = 60): Map<string, number> {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((id, rank) => void scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1)));
  return scores;
}
