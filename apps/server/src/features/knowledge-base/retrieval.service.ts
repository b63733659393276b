import type { Logger } from "../../platform/logger.ts";
import { fuseRanks, type Embedder } from "./embeddings.ts";
import { CANDIDATES, type KbRetrievalRepo, type PassageHit } from "./kb-retrieval.repo.ts";
import { relatedSearchText } from "@parley/voice/knowledge/synonyms";
import { searchText } from "@parley/voice/knowledge/words";
import { planRanking, type CorpusStats } from "./kb-query-terms.ts";
import type { KbVectors } from "./kb-vectors.ts";

export type RetrievedPassage = {
  passageId: string;
  documentId: string;
  documentName: string;
  heading: string;
  text: string;
  score: number;
};
export type RetrieveOptions = { documentIds?: string[]; limit?: number };
type Deps = { repo: KbRetrievalRepo; embedder?: Embedder | null; vectors?: KbVectors | null; logger?: Logger };

const toPassage = (h: PassageHit, score: number): RetrievedPassage => ({
  passageId: h.passage_id,
  documentId: h.document_id,
  documentName: h.document_name,
  heading: h.heading,
  text: h.text,
  score,
});

// The org's passage count and mean length weigh the query's words; a knowledge base changed in another
// process (the worker ingests) is seen within this long.
const CORPUS_TTL_MS = 60_000;

/**
 * What the voice agent calls: the passages that best answer what the callee just said. BM25 over the
 * question's words always (searched by the knowledge module's tokenizer, ranked as
 * kb-query-terms.ts plans); when an embedder is configured, a vector ranking too
 * (pgvector or the in-memory index, kb-vectors.ts), fused by reciprocal rank.
 * An empty answer means "nothing relevant": the agent then offers a follow-up instead of guessing.
 */
export function createRetrievalService({ repo, embedder, vectors, logger }: Deps) {
  const corpora = new Map<string, { at: number; stats: Promise<CorpusStats> }>();

  function corpusOf(orgId: string): Promise<CorpusStats> {
    const kept = corpora.get(orgId);
    if (kept && Date.now() - kept.at < CORPUS_TTL_MS) return kept.stats;
    const stats = repo.corpusStats(orgId);
    corpora.set(orgId, { at: Date.now(), stats });
    stats.catch(() => corpora.delete(orgId));
    return stats;
  }

  async function fullText(orgId: string, query: string, ids: string[] | null, limit: number): Promise<PassageHit[]> {
    const [stats, related, corpus] = await Promise.all([
      repo.lexemeStats(orgId, searchText(query)),
      repo.lexemeStats(orgId, relatedSearchText(query)),
      corpusOf(orgId),
    ]);
    const plan = planRanking(stats, corpus, CANDIDATES, undefined, related);
    if (!plan) return [];
    // Only common words: passages holding every one of them first, else any passage holding the rarest.
    if (plan.sample) {
      const all = await repo.searchRanked(orgId, plan, corpus, limit, ids, true);
      if (all.length) return all;
    }
    return repo.searchRanked(orgId, plan, corpus, limit, ids);
  }

  async function vectorRanking(orgId: string, query: string, ids: string[] | null, limit: number): Promise<string[]> {
    if (!embedder || !vectors) return [];
    try {
      const [q] = await embedder.embed([query]);
      return await vectors.nearest(orgId, q!, limit, ids);
    } catch (err) {
      logger?.warn({ err }, "knowledge base: vector search failed, full-text only");
      return [];
    }
  }

  /** Call after a document of the org is indexed or deleted. */
  function invalidate(orgId: string): void {
    vectors?.forget?.(orgId);
    corpora.delete(orgId);
  }

  return {
    async retrieve(orgId: string, query: string, opts: RetrieveOptions = {}): Promise<RetrievedPassage[]> {
      const limit = opts.limit ?? 3;
      const ids = opts.documentIds ?? null;
      if (!query.trim() || (ids && ids.length === 0)) return [];
      const candidates = Math.max(limit, 20);
      const [text, vector] = await Promise.all([
        fullText(orgId, query, ids, candidates),
        vectorRanking(orgId, query, ids, candidates),
      ]);
      if (vector.length === 0) return text.slice(0, limit).map((h) => toPassage(h, h.score));
      const fused = [...fuseRanks([text.map((h) => h.passage_id), vector]).entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit);
      const known = new Map(text.map((h) => [h.passage_id, h]));
      const missing = fused.map(([id]) => id).filter((id) => !known.has(id));
      for (const h of await repo.passagesByIds(orgId, missing)) known.set(h.passage_id, h);
      return fused.flatMap(([id, score]) => (known.has(id) ? [toPassage(known.get(id)!, score)] : []));
    },
    invalidate,
    /** Call once a document of the org is indexed: its passages become quick to search (never throws). */
    async indexed(orgId: string): Promise<void> {
      invalidate(orgId);
      await repo
        .flushSearchIndexes()
        .catch((err) => logger?.warn({ err }, "knowledge base: full-text index pending list not merged"));
    },
  };
}
export type RetrievalService = ReturnType<typeof createRetrievalService>;
