import type { Logger } from "../../platform/logger.ts";
import type { KbRetrievalRepo } from "./kb-retrieval.repo.ts";

/** Vector search in SQL (pgvector): what ingest and retrieval use when the database has the extension. */
export type KbVectors = {
  /** After a document's passages (with their real[] embeddings) are stored. */
  store(documentId: string): Promise<void>;
  /** Passage ids of the org, nearest first, limited to documentIds when given. */
  nearest(orgId: string, query: number[], limit: number, documentIds: string[] | null): Promise<string[]>;
};
type Repo = Pick<KbRetrievalRepo, "vectorAvailable" | "enableVectors" | "storeVectors" | "nearestPassages">;

/**
 * Sets pgvector up from code at start, not in a migration: the migrations must also run on a PostgreSQL
 * without pgvector (Debian's, here). Null when the extension is missing or cannot be created (e.g. the
 * role may not create extensions): retrieval then ranks the real[] embeddings in memory.
 */
export async function setUpKbVectors(repo: Repo, logger?: Logger): Promise<KbVectors | null> {
  try {
    if (!(await repo.vectorAvailable())) {
      logger?.info("knowledge base: pgvector is not installed; embeddings are ranked in memory");
      return null;
    }
    const copied = await repo.enableVectors();
    if (copied) logger?.info({ copied }, "knowledge base: embeddings copied into pgvector");
  } catch (err) {
    logger?.warn({ err }, "knowledge base: pgvector could not be set up; embeddings are ranked in memory");
    return null;
  }
  return { store: (documentId) => repo.storeVectors(documentId), nearest: (...args) => repo.nearestPassages(...args) };
}
