import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAiEmbedder, fuseRanks } from "./embeddings.ts";

/** A fake OpenAI-compatible /v1/embeddings: vector = [length, vowels], answered in reverse order. */
async function fakeServer(seen: Array<{ auth?: string; body: { model: string; input: string[] } }>) {
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const c of req) raw += c;
    const body = JSON.parse(raw) as { model: string; input: string[] };
    seen.push({ auth: req.headers.authorization, body });
    if (req.url !== "/v1/embeddings") return res.writeHead(404).end("no");
    const data = body.input.map((s, index) => ({
      object: "embedding",
      index,
      embedding: [s.length, (s.match(/[aeiou]/g) ?? []).length],
    }));
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ object: "list", data: data.reverse(), model: body.model }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

test("posts batches to {base}/embeddings with model and key, and orders answers by index", async () => {
  const seen: Array<{ auth?: string; body: { model: string; input: string[] } }> = [];
  const { server, url } = await fakeServer(seen);
  try {
    const embedder = createOpenAiEmbedder({ baseUrl: url + "/", model: "tiny-embed", apiKey: "k-123", batchSize: 2 });
    const vectors = await embedder.embed(["a", "bee", "cdefg"]);
    assert.deepEqual(vectors, [
      [1, 1],
      [3, 2],
      [5, 1],
    ]);
    assert.deepEqual(
      seen.map((s) => s.body.input),
      [["a", "bee"], ["cdefg"]],
    );
    assert.equal(seen[0]!.body.model, "tiny-embed");
    assert.equal(seen[0]!.auth, "Bearer k-123");
    const broken = createOpenAiEmbedder({ baseUrl: url + "/wrong", model: "m" });
    await assert.rejects(broken.embed(["x"]), /HTTP 404/);
  } finally {
    server.close();
  }
});

test("reciprocal rank fusion", () => {
  const fused = fuseRanks([
    ["a", "b", "c"],
    ["c", "a"],
  ]);
  const order = [...fused.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id);
  assert.deepEqual(order, ["a", "c", "b"]);
});
