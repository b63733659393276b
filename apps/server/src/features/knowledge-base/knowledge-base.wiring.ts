import type { Config } from "../../platform/config.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import { createOpenAiEmbedder } from "./embeddings.ts";
import { createKbAskRepo } from "./kb-ask.repo.ts";
import { createKbAskService } from "./kb-ask.service.ts";
import { createKbIngest } from "./kb-ingest.ts";
import { createKbRetrievalRepo } from "./kb-retrieval.repo.ts";
import { createKbVectorIndexRepo } from "./kb-vector-index.repo.ts";
import { setUpKbVectors } from "./kb-vectors.ts";
import { createKnowledgeBaseRepo } from "./knowledge-base.repo.ts";
import { createKnowledgeBaseService } from "./knowledge-base.service.ts";
import { createRetrievalService } from "./retrieval.service.ts";
import { createSafeFetcher } from "./safe-fetch.ts";

type Deps = {
  db: Db;
  config: Pick<Config, "kbAllowPrivateUrls" | "kbExtractLimits" | "embeddings"> & {
    voice: Pick<Config["voice"], "llm">;
  };
  logger: Logger;
  storage: Storage;
  campaignExists: (orgId: string, campaignId: string) => Promise<boolean>;
};

/** The knowledge base's services, built from narrowed dependencies (called from entry/wire.ts). */
export async function wireKnowledgeBase({ db, config, logger, storage, campaignExists }: Deps) {
  const repo = createKnowledgeBaseRepo(db);
  const embedder = config.embeddings ? createOpenAiEmbedder(config.embeddings) : null;
  const retrievalRepo = createKbRetrievalRepo(db);
  // Vectors only matter with an embedder (and loading pgvector costs every start); enabled later, pgvector
  // copies the embeddings stored meanwhile and the in-memory index builds the missing blocks.
  const vectors = embedder
    ? await setUpKbVectors({ repo: retrievalRepo, indexRepo: createKbVectorIndexRepo(db), engine: db.kind, logger })
    : null;
  const retrieval = createRetrievalService({ repo: retrievalRepo, embedder, vectors, logger });
  const ingest = createKbIngest({
    repo,
    storage,
    embedder,
    vectors,
    logger,
    limits: config.kbExtractLimits,
    fetchPage: createSafeFetcher({ allowPrivate: config.kbAllowPrivateUrls }),
    onIndexed: (orgId) => void retrieval.indexed(orgId),
  });
  const knowledgeBase = createKnowledgeBaseService({
    repo,
    storage,
    ingest,
    campaignExists,
    changed: retrieval.invalidate,
  });
  // Documents a previous process left half-indexed start again.
  const recovered = await ingest.recover();
  if (recovered) logger.info({ recovered }, "knowledge base: re-queued documents left in processing");
  const kbAsk = createKbAskService({
    retrieval,
    knowledgeBase,
    documents: repo,
    repo: createKbAskRepo(db),
    llm: config.voice.llm,
  });
  return { service: knowledgeBase, retrieval, ingest, ask: kbAsk };
}
