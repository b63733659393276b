import type { Db } from "../../platform/db.ts";

export type PassageHit = { passage_id: string; document_id: string; document_name: string; heading: string; text: string; score: number };

// "all": every word of the question (websearch syntax). "any": its stemmed lexemes OR-ed, used when "all"
// finds nothing; a passage must then hold at least a third of them (one of up to three, two of four to six).
const QUERIES = {
  all: `select websearch_to_tsquery('english', $2) as query, 0 as needed`,
  any: `select (select string_agg(quote_literal(l), ' | ') from unnest(x.lexemes) l)::tsquery as query,
                x.lexemes, ceil(cardinality(x.lexemes) / 3.0) as needed
         from (select array(select distinct lexeme from unnest(to_tsvector('english', $2))) as lexemes) x`,
};
const ENOUGH_TERMS = `and (q.needed = 0 or
  (select count(*) from unnest(q.lexemes) l where p.tsv @@ quote_literal(l)::tsquery) >= q.needed)`;

const CANDIDATES = 2000;

export function createKbRetrievalRepo(db: Db) {
  return {
    /** Full-text ranked passages (ts_rank_cd, headings weigh more) of the org's ready documents. */
    search(orgId: string, query: string, mode: keyof typeof QUERIES, documentIds: string[] | null, limit: number): Promise<PassageHit[]> {
      return db.query<PassageHit>(
        // Ranking reads every candidate's tsvector: at most CANDIDATES of them, so a question made of words
        // found in most passages stays fast (the price: in a huge knowledge base such a question ranks a sample).
        `select c.id as passage_id, c.document_id, d.name as document_name, c.heading, c.text,
                ts_rank_cd(c.tsv, c.query)::float8 as score
         from (select p.*, q.query from (${QUERIES[mode]}) q
               join kb_passages p on p.tsv @@ q.query
               where p.org_id = $1 and ($3::uuid[] is null or p.document_id = any($3::uuid[]))
                 ${mode === "any" ? ENOUGH_TERMS : ""}
               limit ${CANDIDATES}) c
         join kb_documents d on d.id = c.document_id
         order by score desc, c.id
         limit $4`,
        [orgId, query, documentIds, limit],
      );
    },

    embeddedPassages(orgId: string): Promise<Array<{ passage_id: string; document_id: string; embedding: number[] }>> {
      return db.query(
        `select id as passage_id, document_id, embedding from kb_passages where org_id = $1 and embedding is not null`,
        [orgId],
      );
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
