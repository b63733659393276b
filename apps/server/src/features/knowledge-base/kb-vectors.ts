import type { Logger } from "../../platform/logger.ts";
import type { KbRetrievalRepo } from "./kb-retrieval.repo.ts";
import { createKbVectorIndex } from "./kb-vector-index.ts";
import type { KbVectorIndexRepo } from "./kb-vector-index.repo.ts";

/** The vector ranking ingest and retrieval use: pgvector in SQL, or the in-memory index (kb-vector-index.ts). */
export type KbVectors = {
  /** After a document's passages (with their real[] embeddings) are stored; `embeddings` as ingestion computed them. */
  store(documentId: string, embeddings?: number[][]): Promise<void>;
  /** Passage ids of the org, nearest first, limited to documentIds when given. */
  nearest(orgId: string, query: number[], limit: number, documentIds: string[] | null): Promise<string[]>;
  /** This process changed the org's documents (other processes learn it from the database). */
  forget?(orgId: string): void;
};
type Repo = Pick<KbRetrievalRepo, "vectorAvailable" | "enableVectors" | "storeVectors" | "nearestPassages">;

/**
 * pgvector on a PostgreSQL server that has it; the in-memory index everywhere else. PGlite ships pgvector,
 * but there it only scans exactly (far too slow at 100,000 passages) and an HNSW index crashed it,
 * so PGlite uses the in-memory index too. pgvector is set up from code at start, not in a migration: the
 * migrations must also run on a PostgreSQL without it (Debian's, here).
 */
export async function setUpKbVectors(deps: {
  repo: Repo;
  indexRepo: KbVectorIndexRepo;
  engine: "pglite" | "postgres";
  logger?: Logger;
}): Promise<KbVectors> {
  const { repo, indexRepo, engine, logger } = deps;
  const inMemory = () => createKbVectorIndex({ repo: indexRepo, logger });
  if (engine === "pglite") return inMemory();
  try {
    if (!(await repo.vectorAvailable())) {
      logger?.info("knowledge base: pgvector is not installed; embeddings are ranked by the in-memory index");
      return inMemory();
    }
    const copied = await repo.enableVectors();
    if (copied) logger?.info({ copied }, "knowledge base: embeddings copied into pgvector");
  } catch (err) {
    logger?.warn({ err }, "knowledge base: pgvector could not be set up; embeddings are ranked by the in-memory index");
    return inMemory();
  }
  return { store: (documentId) => repo.storeVectors(documentId), nearest: (...args) => repo.nearestPassages(...args) };
}
