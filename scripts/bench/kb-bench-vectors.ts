import os from "node:os";
import type { Db } from "../../apps/server/src/platform/db.ts";
import { createKbRetrievalRepo } from "../../apps/server/src/features/knowledge-base/kb-retrieval.repo.ts";
import {
  createKbVectorIndex,
  type KbVectorIndex,
} from "../../apps/server/src/features/knowledge-base/kb-vector-index.ts";
import {
  createKbVectorIndexRepo,
  type KbVectorIndexRepo,
} from "../../apps/server/src/features/knowledge-base/kb-vector-index.repo.ts";
import { unitVector } from "../../apps/server/src/features/knowledge-base/kb-vector-math.ts";
import { createRetrievalService } from "../../apps/server/src/features/knowledge-base/retrieval.service.ts";
import { dbKinds, openTestDb, type DbKind } from "../../tests/support/test-db.ts";

const DOCUMENTS = 20;
const PER_DOCUMENT = 5_000;
const TOPICS = 2_000;
const QUESTIONS = 100;
const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () => `load ${os.loadavg()[0]!.toFixed(1)}`;

/** Wall and CPU time (this process, PGlite's worker thread included) of each call, as p50/p95. */
async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<string> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    await fn(i);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return (
    `wall p50 ${ms(pct(wall, 50))}, p95 ${ms(pct(wall, 95))}; CPU ` + `p50 ${ms(pct(cpu, 50))}, p95 ${ms(pct(cpu, 95))}`
  );
}

/**
 * Passages as a knowledge base's embeddings cluster: each document has a subject, each of its 100 topics
 * lies near that subject, and each passage near one of its document's topics (about cosine 0.5). Random
 * per passage, drawn in SQL: no embeddings provider is reachable here, and the cost of a ranking does not
 * depend on what the vectors mean (recall does: see recallWithoutStructure for the hard case).
 */
async function seed(db: Db, dims: number): Promise<{ orgId: string; documentIds: string[]; topics: number[][] }> {
  const [org] = await db.query<{ id: string }>(
    `insert into organizations (slug, name) values ('bench-vectors', 'Bench') returning id`,
  );
  const orgId = org!.id;
  const draw = (row: string) =>
    `(select array_agg(random() * 2 - 1)::real[] from generate_series(1, ${dims}) where ${row} is not null)`;
  await db.query(`create table bench_subjects as select s, ${draw("s")} v from generate_series(0, ${DOCUMENTS - 1}) s`);
  await db.query(`create table bench_topics as select t, (select array_agg(s.v[i] + random() * 2 - 1 order by i)
    from generate_series(1, ${dims}) i)::real[] v
                  from generate_series(0, ${TOPICS - 1}) t join bench_subjects s on s.s = t % ${DOCUMENTS}`);
  const documentIds: string[] = [];
  for (let d = 0; d < DOCUMENTS; d++) {
    const [doc] = await db.query<{ id: string }>(
      `insert into kb_documents (org_id, name, source) values ($1, $2, 'file') returning id`,
      [orgId, `doc ${d}`],
    );
    for (let from = 0; from < PER_DOCUMENT; from += 1000) {
      await db.query(
        `insert into kb_passages (org_id, document_id, position, text, embedding)
         select $1, $2, g, 'x', (select array_agg(c.v[i] + random() * 2 - 1 order by i)
           from generate_series(1, ${dims}) i)::real[]
         from generate_series($3::int, $3::int + 999) g
           join bench_topics c on c.t = $4::int + ${DOCUMENTS} * (g % ${TOPICS / DOCUMENTS})`,
        [orgId, doc!.id, from, d],
      );
    }
    // As ingestion ends: ready, with its count (which bumps the org's vector generation).
    await db.query(`update kb_documents set status = 'ready', passage_count = $2, ingest_attempts = 1 where id = $1`, [
      doc!.id,
      PER_DOCUMENT,
    ]);
    documentIds.push(doc!.id);
  }
  const topics = (await db.query<{ v: number[] }>(`select v from bench_topics order by t`)).map((r) => r.v);
  await db.query(`drop table bench_topics`);
  await db.query(`drop table bench_subjects`);
  return { orgId, documentIds, topics };
}

/** A question near a random topic, as a passage of it would be. */
const question = (topics: number[][]) =>
  topics[Math.floor(Math.random() * topics.length)]!.map((x) => x + Math.random() * 2 - 1);

async function recallAt20(index: KbVectorIndex, orgId: string, questions: number[][]): Promise<number> {
  let found = 0;
  for (const q of questions) {
    const exact = new Set(await index.nearestExact(orgId, q, 20, null));
    found += (await index.nearest(orgId, q, 20, null)).filter((id) => exact.has(id)).length;
  }
  return found / (20 * questions.length);
}

async function benchOne(kind: DbKind, dims: number): Promise<void> {
  const { db, drop } = await openTestDb(kind);
  try {
    let s = performance.now();
    const { orgId, documentIds, topics } = await seed(db, dims);
    const n = DOCUMENTS * PER_DOCUMENT;
    console.log(
      `\n${kind}, ${dims} dimensions: ${n} passages in ${DOCUMENTS} documents ` +
        `seeded in ${((performance.now() - s) / 1000).toFixed(1)} s`,
    );
    const repo = createKbVectorIndexRepo(db);
    s = performance.now();
    const ingest = createKbVectorIndex({ repo });
    for (const id of documentIds) await ingest.store(id);
    console.log(
      "  blocks built from real[] and stored, as ingestion does once per " +
        `document: ${((performance.now() - s) / 1000).toFixed(1)} s`,
    );

    // A process that has never seen the org (another API process, or after a restart).
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const index = createKbVectorIndex({ repo });
    s = performance.now();
    await index.nearestExact(orgId, question(topics), 20, null);
    const held = index.stats(orgId);
    const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    console.log(
      `  [${load()}] first question of a new process (reads ${DOCUMENTS} ` +
        `blocks): ${((performance.now() - s) / 1000).toFixed(1)} s; ` +
        `memory: vectors ${mb(held.vectorBytes)}, heap + buffers grew ` +
        `${mb(heapAfter - heapBefore)} (rss ${mb(process.memoryUsage().rss)})`,
    );
    console.log(
      `  [${load()}] exact scan, top 20 of ${n} (${QUESTIONS} questions): ` +
        `${await timed(QUESTIONS, () => index.nearestExact(orgId, question(topics), 20, null))}`,
    );

    s = performance.now();
    await index.nearest(orgId, question(topics), 20, null);
    await index.stats(orgId).training;
    console.log(
      "  IVF index trained in the background (answers scan exactly meanwhile): " +
        `${((performance.now() - s) / 1000).toFixed(1)} s, ${index.stats(orgId).lists} lists`,
    );
    console.log(
      `  [${load()}] IVF index, top 20 (${QUESTIONS} questions): ` +
        `${await timed(QUESTIONS, () => index.nearest(orgId, question(topics), 20, null))}`,
    );
    const questions = Array.from({ length: 50 }, () => question(topics));
    console.log(
      `  recall@20 against the exact ranking: ${(await recallAt20(index, orgId, questions)).toFixed(3)} (50 questions)`,
    );

    const retrieval = createRetrievalService({
      repo: createKbRetrievalRepo(db),
      embedder: { model: "bench", embed: async (texts) => texts.map(() => question(topics)) },
      vectors: index,
    });
    console.log(
      `  [${load()}] retrieval (BM25 + vector ranking fused, passages read; no provider round trip): ` +
        `${await timed(QUESTIONS, () => retrieval.retrieve(orgId, "zzqx", { limit: 3 }))}`,
    );

    // A document added and one deleted through SQL, as another process would: seen on the next question.
    s = performance.now();
    const gone = documentIds[0]!;
    await db.query(`delete from kb_documents where id = $1`, [gone]);
    const after = await index.nearest(orgId, question(topics), 20, null);
    const stillThere = await db.query(`select 1 from kb_passages where id = any($1::uuid[])`, [after]);
    console.log(
      `  a document deleted elsewhere: next question ${ms(performance.now() - s)}, ` +
        `${after.length - stillThere.length} of its passages answered (0 expected)`,
    );
  } finally {
    await drop();
  }
}

/**
 * The hard case for recall, in memory only (no database: recall does not depend on the engine): 2,000
 * topics with no subject above them, each passage near one, spread over every document, so no coarser
 * structure helps the lists follow the topics.
 */
async function recallWithoutStructure(dims: number): Promise<void> {
  const topics = Array.from({ length: TOPICS }, () => Array.from({ length: dims }, () => Math.random() * 2 - 1));
  const blocks = Array.from({ length: DOCUMENTS }, (_, d) => {
    const vectors = new Float32Array(PER_DOCUMENT * dims);
    for (let i = 0; i < PER_DOCUMENT; i++)
      vectors.set(unitVector(question([topics[(i * 7919 + d * 104729) % TOPICS]!]), dims)!, i * dims);
    const ids = Array.from({ length: PER_DOCUMENT }, (_, i) => `${d}-${i}`);
    return { document_id: `d${d}`, version: "1", dims, passage_ids: ids, vectors: new Uint8Array(vectors.buffer) };
  });
  const repo: KbVectorIndexRepo = {
    generation: async () => 1,
    readyDocuments: async () => blocks.map((b) => ({ id: b.document_id, version: "1" })),
    documentVectors: async (_orgId, ids) => blocks.filter((b) => ids.includes(b.document_id)),
    passageIds: async () => null,
    embeddedPassages: async () => null,
    saveDocumentVectors: async () => undefined,
  };
  const index = createKbVectorIndex({ repo });
  await index.nearest("org", question(topics), 20, null);
  await index.stats("org").training;
  const questions = Array.from({ length: 50 }, () => question(topics));
  console.log(
    `\nrecall@20 without structure (${TOPICS} topics over every document, ${dims} dimensions, in memory): ` +
      `${(await recallAt20(index, "org", questions)).toFixed(3)}; [${load()}] ` +
      `${await timed(QUESTIONS, () => index.nearest("org", question(topics), 20, null))}`,
  );
}

/**
 * Vector ranking without pgvector (kb-vector-index.ts) at 100,000 passages on both engines, at 256 and
 * 768 dimensions: exact scan against the IVF index, recall@20, memory, a deletion seen by another process.
 */
export async function benchVectorRanking(): Promise<void> {
  console.log(`\nvector ranking, in-memory index (${os.cpus().length} cores, ${load()} at start)`);
  for (const kind of await dbKinds()) for (const dims of [256, 768]) await benchOne(kind, dims);
  await recallWithoutStructure(256);
}
