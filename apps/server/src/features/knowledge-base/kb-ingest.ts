import { buffer } from "node:stream/consumers";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Embedder } from "./embeddings.ts";
import { ExtractionError } from "./extraction-error.ts";
import type { DocKind } from "./file-sniff.ts";
import { extractPassages, type ExtractJob, type ExtractLimits } from "./isolated-extract.ts";
import { createFairQueue } from "./kb-ingest-queue.ts";
import type { KbVectors } from "./kb-vectors.ts";
import type { KbDocumentRow, KnowledgeBaseRepo } from "./knowledge-base.repo.ts";
import { UrlFetchError, type FetchPage } from "./safe-fetch.ts";

type Deps = {
  repo: KnowledgeBaseRepo;
  storage: Storage;
  fetchPage: FetchPage;
  embedder?: Embedder | null;
  /** pgvector or the in-memory index (kb-vectors.ts): the embeddings are copied there too. */
  vectors?: KbVectors | null;
  logger: Logger;
  /** Memory and time one document's extraction may take (in its own child process). */
  limits: ExtractLimits;
  /** After a document of the org is indexed (retrieval drops its caches). */
  onIndexed?: (orgId: string) => void;
};

const KIND_OF_MIME: Record<string, DocKind> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/msword": "doc",
  "text/plain": "txt",
};

/** A document whose indexing was cut off this many times (the process died under it) is given up. */
export const MAX_INGEST_ATTEMPTS = 3;
/** Documents indexed at once, each of another organisation: one per core of the 2-core box it runs on. */
export const INGEST_SLOTS = 2;

/**
 * Background indexing, fair across organisations (kb-ingest-queue.ts): one organisation's backlog never
 * makes another's document wait behind it. The file is parsed and chunked in a child process with memory
 * and time limits (isolated-extract.ts); only the passages come back. State lives in the database: a document
 * stays 'processing' until indexed, so `recover()` at start re-queues whatever a crash or restart interrupted,
 * at most MAX_INGEST_ATTEMPTS times.
 */
export function createKbIngest({ repo, storage, fetchPage, embedder, vectors, logger, limits, onIndexed }: Deps) {
  async function jobOf(doc: KbDocumentRow): Promise<ExtractJob> {
    if (doc.source === "url") {
      const page = await fetchPage(doc.url!);
      return {
        kind: "page",
        bytes: page.body,
        charset: page.charset ?? "utf-8",
        html: page.contentType !== "text/plain",
      };
    }
    const stream = await storage.get(doc.storage_key!);
    if (!stream) throw new ExtractionError("the uploaded file is missing");
    const bytes = await buffer(stream);
    return { kind: KIND_OF_MIME[doc.mime_type ?? ""] ?? "txt", bytes, lenientText: doc.mime_type === "text/plain" };
  }

  async function embed(texts: string[]): Promise<number[][] | undefined> {
    if (!embedder || texts.length === 0) return undefined;
    try {
      return await embedder.embed(texts);
    } catch (err) {
      logger.warn({ err }, "knowledge base: embeddings failed; the document is indexed for full-text search only");
      return undefined;
    }
  }

  // The real[] copy stays the source: a failure here costs only the vector ranking of this document until
  // the next start copies what is missing (pgvector) or the next question builds its block (kb-vectors.ts).
  async function storeVectors(documentId: string, embeddings: number[][]): Promise<void> {
    await vectors
      ?.store(documentId, embeddings)
      .catch((err: unknown) => logger.warn({ err, documentId }, "knowledge base: vector copy failed"));
  }

  async function ingest(id: string): Promise<void> {
    const doc = await repo.getById(id);
    if (!doc || doc.status !== "processing") return;
    // Counted before the work: an attempt the process does not survive still counts at the next start.
    if ((await repo.startAttempt(id)) > MAX_INGEST_ATTEMPTS) {
      await repo.markFailed(id, `indexing was interrupted ${MAX_INGEST_ATTEMPTS} times; upload the file again`);
      return;
    }
    try {
      const passages = await extractPassages(await jobOf(doc), limits);
      const embeddings = await embed(passages.map((p) => (p.heading ? `${p.heading}\n${p.text}` : p.text)));
      await repo.storePassages({ id: doc.id, orgId: doc.org_id }, passages, embeddings);
      if (embeddings) await storeVectors(doc.id, embeddings);
      onIndexed?.(doc.org_id);
    } catch (err) {
      const known = err instanceof ExtractionError || err instanceof UrlFetchError;
      if (!known) logger.error({ err, documentId: id }, "knowledge base: indexing failed");
      // A document deleted meanwhile simply stays deleted (the update touches no row).
      await repo.markFailed(id, known ? (err as Error).message : "the document could not be processed");
    }
  }

  const queue = createFairQueue({
    slots: INGEST_SLOTS,
    run: (id) =>
      ingest(id).catch((err: unknown) => logger.error({ err, documentId: id }, "knowledge base: indexing failed")),
  });

  return {
    /** Indexes these new documents of the organisation, in turn with other organisations'. */
    enqueue(orgId: string, ids: string[]): void {
      queue.push(orgId, ids);
    },
    /** Re-queues documents a previous process left in 'processing'. */
    async recover(): Promise<number> {
      const docs = await repo.processingIds();
      for (const d of docs) queue.push(d.org_id, [d.id]);
      return docs.length;
    },
    /** Resolves once nothing is indexing or waiting (tests, graceful shutdown). */
    idle: queue.idle,
  };
}
export type KbIngest = ReturnType<typeof createKbIngest>;
