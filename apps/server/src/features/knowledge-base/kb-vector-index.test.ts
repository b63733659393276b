import { test } from "node:test";
import assert from "node:assert/strict";
import type { Logger } from "../../platform/logger.ts";
import { createKbVectorIndex, IDLE_MS } from "./kb-vector-index.ts";
import { float4ArrayOf, type DocumentVectorsRow, type KbVectorIndexRepo } from "./kb-vector-index.repo.ts";
import { seededRandom, unitVector } from "./kb-vector-math.ts";

type Doc = { orgId: string; version: string; passages: Array<{ id: string; embedding: number[] }> };

/** The database as several processes share it: documents, the org's generation, stored blocks; counts the reads. */
function fakeDatabase() {
  const docs = new Map<string, Doc>();
  const blocks = new Map<string, DocumentVectorsRow>();
  const generations = new Map<string, number>();
  const reads = { documents: 0, realArrays: 0 };
  const bump = (orgId: string) => generations.set(orgId, (generations.get(orgId) ?? 0) + 1);
  const repo: KbVectorIndexRepo = {
    generation: async (orgId) => generations.get(orgId) ?? 0,
    readyDocuments: async (orgId) => {
      reads.documents++;
      return [...docs].filter(([, d]) => d.orgId === orgId).map(([id, d]) => ({ id, version: d.version }));
    },
    documentVectors: async (_orgId, ids) => ids.flatMap((id) => blocks.get(id) ?? []),
    embeddedPassages: async (id) => {
      reads.realArrays++;
      const d = docs.get(id);
      return d
        ? {
            version: d.version,
            passages: d.passages.map((p) => ({ id: p.id, embedding: Float32Array.from(p.embedding) })),
          }
        : null;
    },
    passageIds: async (id) => {
      const d = docs.get(id);
      return d ? { version: d.version, ids: d.passages.map((p) => p.id) } : null;
    },
    saveDocumentVectors: async (id, row) => void blocks.set(id, { document_id: id, ...row }),
  };
  return {
    repo,
    reads,
    add(orgId: string, id: string, vectors: number[][]) {
      docs.set(id, { orgId, version: "1", passages: vectors.map((embedding, i) => ({ id: `${id}-${i}`, embedding })) });
      bump(orgId);
    },
    remove(orgId: string, id: string) {
      docs.delete(id);
      bump(orgId);
    },
  };
}

const warnings = () => {
  const said: string[] = [];
  return {
    said,
    logger: { warn: (_o: unknown, m: string) => said.push(m), info: () => undefined } as unknown as Logger,
  };
};

test("passages come nearest first; a document added or deleted by another process is seen next question", async () => {
  const db = fakeDatabase();
  db.add("org", "a", [
    [1, 0, 0],
    [0.9, 0.1, 0],
    [0, 1, 0],
  ]);
  db.add("other", "x", [[1, 0, 0]]);
  const [mine, theirs] = [createKbVectorIndex({ repo: db.repo }), createKbVectorIndex({ repo: db.repo })];
  assert.deepEqual(await mine.nearest("org", [1, 0, 0], 2, null), ["a-0", "a-1"]);
  assert.deepEqual(await mine.nearest("org", [0, 2, 0], 1, null), ["a-2"], "length does not matter, direction does");

  db.add("org", "b", [[0.95, 0.05, 0]]); // written by `theirs`' process
  assert.deepEqual(await mine.nearest("org", [1, 0, 0], 2, null), ["a-0", "b-0"]);
  assert.deepEqual(await mine.nearest("org", [1, 0, 0], 3, ["b"]), ["b-0"], "only the given documents");
  const documentsRead = db.reads.documents;
  await mine.nearest("org", [1, 0, 0], 2, null);
  assert.equal(db.reads.documents, documentsRead, "an unchanged generation reads no documents");

  db.remove("org", "a");
  assert.deepEqual(await mine.nearest("org", [1, 0, 0], 5, null), ["b-0"]);
  assert.deepEqual(await theirs.nearest("org", [1, 0, 0], 5, null), ["b-0"]);
  assert.equal(
    db.reads.realArrays,
    2,
    "each document's real[] embeddings are read once; the stored block serves every other process",
  );
});

test("a wrong-length or empty embedding is skipped with a log line, never a crash", async () => {
  const db = fakeDatabase();
  const { said, logger } = warnings();
  db.add("org", "a", [
    [1, 0],
    [1, 0, 0],
    [0, 0],
    [0, 1],
  ]);
  db.add("org", "b", [[1, 0, 0, 0]]); // another model's length
  const index = createKbVectorIndex({ repo: db.repo, logger });
  assert.deepEqual(await index.nearest("org", [1, 0], 5, null), ["a-0", "a-3"]);
  assert.deepEqual(await index.nearest("org", [0, 0], 5, null), []);
  assert.deepEqual(await index.nearest("org", [1, 0, 0, 0], 5, null), ["b-0"]);
  assert.equal(
    said.filter((m) => /an embedding of another length or without direction/.test(m)).length,
    2,
    said.join(" | "),
  );
  assert.equal(said.filter((m) => /another length than the question's/.test(m)).length, 2, "once per document");
  assert.ok(said.some((m) => /no direction/.test(m)));
});

test("beyond exact scans an index is trained, and it finds what the exact ranking finds", async () => {
  const db = fakeDatabase();
  const rnd = seededRandom(11);
  const dims = 16;
  const topics = Array.from({ length: 50 }, () => Array.from({ length: dims }, () => rnd() * 2 - 1));
  const near = (t: number) => topics[t]!.map((x) => x + (rnd() - 0.5) * 0.8);
  for (let d = 0; d < 4; d++)
    db.add(
      "org",
      `d${d}`,
      Array.from({ length: 500 }, (_, i) => near((i * 7 + d) % 50)),
    );
  db.add(
    "org",
    "small",
    Array.from({ length: 10 }, (_, i) => near(i)),
  );
  const index = createKbVectorIndex({ repo: db.repo, exactWork: 1000 });
  // A call asks about its campaign's few documents: only those are read, and scanned exactly.
  assert.equal((await index.nearest("org", near(0), 10, ["small"])).length, 10);
  assert.deepEqual([index.stats("org").passages, index.stats("org").training], [10, null]);
  await index.nearest("org", near(0), 10, null);
  await index.stats("org").training;
  assert.ok(index.stats("org").lists > 0, "an index was trained");
  let found = 0;
  for (let i = 0; i < 20; i++) {
    const q = near(i);
    const exact = new Set(await index.nearestExact("org", q, 10, null));
    found += (await index.nearest("org", q, 10, null)).filter((id) => exact.has(id)).length;
  }
  assert.ok(found / 200 >= 0.9, `recall@10 ${found / 200}`);

  // A new document after training is placed into the lists in the background and found meanwhile.
  db.add("org", "late", [near(3).map((x) => x * 5)]);
  const q = near(3);
  const exact = await index.nearestExact("org", q, 1, null);
  assert.deepEqual(await index.nearest("org", q, 1, null), exact);
});

test("a real[] in PostgreSQL's binary form is read back, a null element as NaN (then skipped as no vector)", () => {
  // array_send('{0.5,NULL,-2}'::real[]): 1 dimension, has nulls, float4 (700), length 3, lower bound 1.
  const bytes = Buffer.alloc(20 + 8 + 4 + 8);
  [1, 1, 700, 3, 1].forEach((v, i) => void bytes.writeInt32BE(v, i * 4));
  bytes.writeInt32BE(4, 20);
  bytes.writeFloatBE(0.5, 24);
  bytes.writeInt32BE(-1, 28);
  bytes.writeInt32BE(4, 32);
  bytes.writeFloatBE(-2, 36);
  const v = float4ArrayOf(bytes);
  assert.deepEqual([v[0], Number.isNaN(v[1]), v[2]], [0.5, true, -2]);
  assert.equal(unitVector(v, 3), null);
  bytes.writeInt32BE(701, 8); // float8[]: not ours to read
  assert.equal(float4ArrayOf(bytes).length, 0);
});

test("an organisation nobody asks about gives its memory back, and is read again when asked", async () => {
  const db = fakeDatabase();
  db.add("quiet", "a", [
    [1, 0],
    [0, 1],
  ]);
  db.add("busy", "b", [[1, 0]]);
  let at = Date.parse("2026-01-01T09:00:00Z");
  const index = createKbVectorIndex({ repo: db.repo, clock: { now: () => new Date(at) } });
  await index.nearest("quiet", [1, 0], 1, null);
  at += IDLE_MS / 2;
  await index.nearest("busy", [1, 0], 1, null);
  assert.equal(index.stats("quiet").passages, 2, "kept while recently asked");
  at += IDLE_MS / 2 + 60_000;
  await index.nearest("busy", [1, 0], 1, null);
  assert.deepEqual([index.stats("quiet").passages, index.stats("busy").passages], [0, 1]);
  assert.deepEqual(await index.nearest("quiet", [0, 1], 1, null), ["a-1"]);
});
