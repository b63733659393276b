import type { Db } from "../../platform/db.ts";
import { allOf, anyOf, BM25, type CorpusStats, type LexemeStat, type RankPlan } from "./kb-query-terms.ts";

export type PassageHit = {
  passage_id: string;
  document_id: string;
  document_name: string;
  heading: string;
  text: string;
  score: number;
};

// Scoring reads each candidate's tsvector (tens of microseconds a row on PGlite), so the candidates are
// found through the question's rare words (kb-query-terms.ts): at most CANDIDATES passages through its
// body words and as many through its heading words.
export const CANDIDATES = 200;
// Fewer when they are a sample of passages holding only common words: ranking them says little more.
const SAMPLE = 50;

// Ready documents only: a document's passages are stored in several transactions (knowledge-base.repo.ts).
const IN_DOCUMENTS = `($4::uuid[] is null or p.document_id = any($4::uuid[]))
  and p.document_id in (select d.id from kb_documents d where d.org_id = $1 and d.status = 'ready')`;

/**
 * BM25 over the candidates: for each question lexeme a passage holds, its weight (idf, from the org's
 * lexeme counts) times its saturated frequency, normalised by the passage's length (distinct lexemes)
 * against the org's mean. Occurrences in the heading (weight A) count BM25.heading times more.
 *
 * Candidates come through the words' index entries only (`where` holds the tsquery tests): a table without
 * statistics (PGlite has no autovacuum) is otherwise planned through the org's or the document's index,
 * reading and testing every passage. The org test is wrapped (coalesce) so that no index serves it. Rare
 * words' passages are few and read whole, then kept to the org's ready documents; a sample of common words'
 * passages is read lazily up to its LIMIT.
 */
const RANKED = (where: string, sample: boolean) => `
  ${
    sample
      ? `
  with found as materialized (
    select p.id, p.tsv from (select id, tsv, org_id, document_id from kb_passages p where ${where} offset 0) p
    where coalesce(p.org_id = $1, false) and ${IN_DOCUMENTS} limit ${SAMPLE}),`
      : `
  with hits as materialized (select id, tsv, org_id, document_id from kb_passages p
    where ${where} and coalesce(p.org_id = $1, false)),
  found as materialized (select p.id, p.tsv from hits p where ${IN_DOCUMENTS} limit ${2 * CANDIDATES}),`
  }
  scored as (
    select f.id,
      sum(w.idf * t.tf * ${BM25.k1 + 1}
        / (t.tf + ${BM25.k1} * (1 - ${BM25.b} + ${BM25.b} * length(f.tsv) / $7::float8)))
        as score
    from found f
    cross join lateral (
      select u.lexeme,
        cardinality(u.positions) + ${BM25.heading} * coalesce(cardinality(array_positions(u.weights, 'A')), 0) as tf
      from unnest(f.tsv) u where u.lexeme = any($2::text[])) t
    join unnest($2::text[], $6::float8[]) w(lexeme, idf) on w.lexeme = t.lexeme
    group by f.id)
  select c.id as passage_id, c.document_id, d.name as document_name, c.heading, c.text, s.score::float8 as score
  from scored s
  join kb_passages c on c.id = s.id
  join kb_documents d on d.id = c.document_id
  order by s.score desc, c.id
  limit $3`;

export function createKbRetrievalRepo(db: Db) {
  return {
    /** The query's distinct lexemes and how many of the org's passages (and headings) hold each. */
    lexemeStats(orgId: string, query: string): Promise<LexemeStat[]> {
      return db.query<LexemeStat>(
        `select q.lexeme, coalesce(k.passages, 0)::int as passages, coalesce(k.headings, 0)::int as headings
         from unnest(tsvector_to_array(to_tsvector('english', $2))) q(lexeme)
         left join kb_lexemes k on k.org_id = $1 and k.lexeme = q.lexeme`,
        [orgId, query],
      );
    },

    /** How many passages the org's ready documents hold, and their mean length (over a sample of them). */
    async corpusStats(orgId: string): Promise<CorpusStats> {
      const [row] = await db.query<{ passages: number; avg_length: number }>(
        `select (select coalesce(sum(passage_count), 0) from kb_documents where org_id = $1
          and status = 'ready')::int as passages,
                (select coalesce(avg(length(tsv)), 0) from (select tsv from kb_passages where org_id = $1
                  limit 1000) s)::float8 as avg_length`,
        [orgId],
      );
      return { passages: row?.passages ?? 0, avgLength: row?.avg_length ?? 0 };
    },

    /**
     * The passages best answering the plan, by BM25. Candidates: passages holding one of its rare body
     * lexemes or whose heading holds one of its rare heading lexemes; for a question of common words only,
     * a sample of the passages holding the rarest (those holding every word, when `everyWord`).
     */
    searchRanked(
      orgId: string,
      plan: RankPlan,
      corpus: CorpusStats,
      limit: number,
      documentIds: string[] | null,
      everyWord = false,
    ): Promise<PassageHit[]> {
      const terms = plan.terms.map((t) => t.lexeme);
      // Every word (sample): found through the index entries of the rarer ones, each row checked against all.
      // Else: passages holding a rare body word, or whose heading holds a rare word.
      const [where, five, eight] =
        plan.sample && everyWord
          ? [`p.tsv @@ $5::tsquery and ts_match_vq(p.tsv, $8::tsquery)`, allOf(plan.indexed), allOf(terms)]
          : [
              `(p.tsv @@ $5::tsquery or to_tsvector('english', p.heading) @@ $8::tsquery)`,
              anyOf(plan.body),
              anyOf(plan.headings),
            ];
      return db.tx(async (q) => {
        // The index entries, never a scan of the table (see RANKED).
        await q.query(`set local enable_seqscan = off`);
        return q.query<PassageHit>(RANKED(where, plan.sample), [
          orgId,
          terms,
          limit,
          documentIds,
          five,
          plan.terms.map((t) => t.idf),
          corpus.avgLength || 1,
          eight,
        ]);
      });
    },

    /**
     * Merges the full-text indexes' pending entries into the indexes proper. New passages first go to a
     * pending list that every search reads through (tens of ms once it holds thousands of passages);
     * PostgreSQL's autovacuum merges it in time, PGlite has none.
     */
    async flushSearchIndexes(): Promise<void> {
      await db.query(
        `select gin_clean_pending_list('kb_passages_tsv_idx'::regclass),
          gin_clean_pending_list('kb_passages_heading_idx'::regclass)`,
      );
    },

    /** Whether this database can load pgvector (always in PGlite; on PostgreSQL only where it is installed). */
    async vectorAvailable(): Promise<boolean> {
      return (await db.query(`select 1 from pg_available_extensions where name = 'vector'`)).length > 0;
    },

    /**
     * Creates pgvector and kb_passages.embedding_vec, then copies the embeddings stored before it existed.
     * The column has no dimension (the model's is unknown until its first answer, and may change), so it
     * has no HNSW/IVFFlat index: an org's passages are scanned exactly, in SQL.
     */
    async enableVectors(): Promise<number> {
      await db.exec(`create extension if not exists vector`);
      await db.exec(`alter table kb_passages add column if not exists embedding_vec vector`);
      const rows = await db.query<{ n: number }>(
        `with done as (update kb_passages set embedding_vec = embedding::vector
                       where embedding is not null and embedding_vec is null returning 1)
         select count(*)::int as n from done`,
      );
      return rows[0]?.n ?? 0;
    },

    /** Copies a document's embeddings (real[]) into embedding_vec once its passages are stored. */
    async storeVectors(documentId: string): Promise<void> {
      await db.query(
        `update kb_passages set embedding_vec = embedding::vector where document_id = $1 and embedding is not null`,
        [documentId],
      );
    },

    /** The org's passages nearest the query vector by cosine distance; other dimensions (another model) are skipped. */
    async nearestPassages(
      orgId: string,
      query: number[],
      limit: number,
      documentIds: string[] | null,
    ): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select p.id from kb_passages p
         where p.org_id = $1 and ${IN_DOCUMENTS} and p.embedding_vec is not null and vector_dims(p.embedding_vec) = $5
         order by p.embedding_vec <=> $2::vector, p.id
         limit $3`,
        [orgId, JSON.stringify(query), limit, documentIds, query.length],
      );
      return rows.map((r) => r.id);
    },

    async passagesByIds(orgId: string, ids: string[]): Promise<PassageHit[]> {
      return db.query<PassageHit>(
        `select p.id as passage_id, p.document_id, d.name as document_name, p.heading, p.text, 0::float8 as score
         from kb_passages p join kb_documents d on d.id = p.document_id
         where p.org_id = $1 and p.id = any($2::uuid[])`,
        [orgId, ids],
      );
    },
  };
}
export type KbRetrievalRepo = ReturnType<typeof createKbRetrievalRepo>;
