import type { Db } from "../../platform/db.ts";
import { allOf, anyOf, atLeast, type AllTermsPlan, type AnyTermsPlan, type LexemeStat } from "./kb-query-terms.ts";

export type PassageHit = { passage_id: string; document_id: string; document_name: string; heading: string; text: string; score: number };

// Ranking (ts_rank_cd) costs tens of microseconds a row on PGlite, so at most CANDIDATES rows are ranked.
// Candidates are found through the question's rare words (kb-query-terms.ts); only a question made of
// words found in most passages ranks a sample of their passages.
export const CANDIDATES = 200;
// Fewer when they are a sample of passages holding only common words: ranking them says little more.
const SAMPLE = 50;
// A lexeme in at most this many passages is looked up in the index when every word must match (reading
// its index entry costs less than checking the rows the other lexemes leave).
export const INDEX_MAX = 20_000;

// ts_rank_cd (cover density; the heading, weight A, counts more than the body) over the candidates. The
// materialized CTE is planned for all its rows, so through the index: with the LIMIT in view the planner
// would bet on a sequential scan finding enough rows early (it reads most of the table when they are rare).
// It is still read lazily: no more rows are fetched than the LIMIT takes.
const RANKED = (candidates: string, sample: boolean) => `
  with found as materialized (${candidates})
  select c.id as passage_id, c.document_id, d.name as document_name, c.heading, c.text,
         ts_rank_cd(c.tsv, c.query)::float8 as score
  from (select * from found limit ${sample ? SAMPLE : CANDIDATES}) c
  join kb_documents d on d.id = c.document_id
  order by score desc, c.id
  limit $3`;
// Ready documents only: a document's passages are stored in several transactions (knowledge-base.repo.ts).
const IN_DOCUMENTS = `($4::uuid[] is null or p.document_id = any($4::uuid[]))
  and p.document_id in (select d.id from kb_documents d where d.org_id = $1 and d.status = 'ready')`;

export function createKbRetrievalRepo(db: Db) {
  return {
    /** The question's distinct lexemes and how many of the org's passages (and headings) hold each. */
    lexemeStats(orgId: string, question: string): Promise<LexemeStat[]> {
      return db.query<LexemeStat>(
        `select q.lexeme, coalesce(k.passages, 0)::int as passages, coalesce(k.headings, 0)::int as headings
         from unnest(tsvector_to_array(to_tsvector('english', $2))) q(lexeme)
         left join kb_lexemes k on k.org_id = $1 and k.lexeme = q.lexeme`,
        [orgId, question],
      );
    },

    /** Passages holding every lexeme of the question, found through the rare ones (ts_match_vq is @@ unindexed). */
    searchAll(orgId: string, plan: AllTermsPlan, limit: number, documentIds: string[] | null): Promise<PassageHit[]> {
      return db.query<PassageHit>(
        RANKED(`select p.id, p.document_id, p.heading, p.text, p.tsv, $2::tsquery as query
                from kb_passages p
                where p.org_id = $1 and ${IN_DOCUMENTS} and p.tsv @@ $5::tsquery and ts_match_vq(p.tsv, $2::tsquery)`, plan.sample),
        [orgId, allOf(plan.all), limit, documentIds, allOf(plan.rare)],
      );
    },

    /** Passages found through the plan's rare lexemes, holding enough of the question's, ranked by all of them. */
    searchAny(orgId: string, plan: AnyTermsPlan, limit: number, documentIds: string[] | null): Promise<PassageHit[]> {
      // Enough of the question's lexemes: one match against "k of n" alternatives when they are few.
      const oneQuery = plan.needed > 1 ? atLeast(plan.ranked, plan.needed) : null;
      const enough = plan.needed <= 1 ? "" : oneQuery ? `and ts_match_vq(p.tsv, $7::tsquery)`
        : `and (select count(*) from unnest($7::tsquery[]) t where ts_match_vq(p.tsv, t)) >= $8`;
      return db.query<PassageHit>(
        RANKED(`select p.id, p.document_id, p.heading, p.text, p.tsv, $2::tsquery as query
                from kb_passages p
                where p.org_id = $1 and ${IN_DOCUMENTS}
                  and (p.tsv @@ $5::tsquery or to_tsvector('english', p.heading) @@ $6::tsquery) ${enough}`, plan.sample),
        [orgId, anyOf(plan.ranked), limit, documentIds, anyOf(plan.body), anyOf(plan.headings),
          ...(plan.needed <= 1 ? [] : oneQuery ? [oneQuery] : [plan.ranked.map((l) => anyOf([l])), plan.needed])],
      );
    },

    embeddedPassages(orgId: string): Promise<Array<{ passage_id: string; document_id: string; embedding: number[] }>> {
      return db.query(
        `select p.id as passage_id, p.document_id, p.embedding from kb_passages p join kb_documents d on d.id = p.document_id
         where p.org_id = $1 and d.status = 'ready' and p.embedding is not null`,
        [orgId],
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
      await db.query(`update kb_passages set embedding_vec = embedding::vector where document_id = $1 and embedding is not null`, [documentId]);
    },

    /** The org's passages nearest the query vector by cosine distance; other dimensions (another model) are skipped. */
    async nearestPassages(orgId: string, query: number[], limit: number, documentIds: string[] | null): Promise<string[]> {
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
