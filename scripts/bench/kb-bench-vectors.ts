import os from "node:os";
import type { Db } from "../../apps/server/src/platform/db.ts";
import { createKbRetrievalRepo } from "../../apps/server/src/features/knowledge-base/kb-retrieval.repo.ts";
import { setUpKbVectors } from "../../apps/server/src/features/knowledge-base/kb-vectors.ts";

const DIMS = 256;
const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const randomVector = () => Array.from({ length: DIMS }, () => Math.random() * 2 - 1);

/**
 * pgvector ranking (exact cosine scan in SQL, as retrieval runs it) over every passage of the org, each
 * given a random 256-dimension vector: no embeddings provider is reachable here, and the scan's cost does
 * not depend on what the vectors mean. Figures are for the SQL ranking alone (no provider round trip).
 */
export async function benchVectorRanking(db: Db, orgId: string, documentIds: string[]): Promise<void> {
  const repo = createKbRetrievalRepo(db);
  const vectors = await setUpKbVectors(repo);
  if (!vectors) {
    console.log("vector ranking: pgvector unavailable on this database, skipped");
    return;
  }
  let s = performance.now();
  // The subquery refers to the row so that every passage draws its own vector.
  await db.query(
    `update kb_passages p set embedding_vec = (select array_agg(random() * 2 - 1)::real[] from generate_series(1, ${DIMS}) where p.id is not null)::vector
     where p.org_id = $1`,
    [orgId],
  );
  const [n] = await db.query<{ n: number }>(`select count(*)::int as n from kb_passages where org_id = $1 and embedding_vec is not null`, [orgId]);
  console.log(`random ${DIMS}-dimension vectors for ${n!.n} passages: ${((performance.now() - s) / 1000).toFixed(1)} s`);

  for (const scope of [null, documentIds] as const) {
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) await vectors.nearest(orgId, randomVector(), 20, scope); // warm-up
    for (let i = 0; i < 50; i++) {
      s = performance.now();
      await vectors.nearest(orgId, randomVector(), 20, scope);
      timings.push(performance.now() - s);
    }
    console.log(
      `[load ${os.loadavg()[0]!.toFixed(1)}] vector ranking (pgvector, exact scan, top 20) over ${scope ? "the campaign's documents" : `${n!.n} passages`}, ` +
        `50 queries: p50 ${ms(pct(timings, 50))}, p95 ${ms(pct(timings, 95))}`,
    );
  }
}
