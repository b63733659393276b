import type { Db, Queryable } from "../../platform/db.ts";
import type { Passage } from "./chunk-text.ts";
import { personNameSql } from "../../platform/person-name.ts";
import { countDocumentLexemes } from "./kb-lexemes.repo.ts";

export type KbStatus = "processing" | "ready" | "failed";
export type KbDocumentRow = {
  id: string;
  org_id: string;
  name: string;
  channel: "voice" | "email" | "whatsapp";
  description: string | null;
  source: "file" | "url";
  url: string | null;
  file_name: string | null;
  file_size: number | null;
  mime_type: string | null;
  storage_key: string | null;
  status: KbStatus;
  status_reason: string | null;
  passage_count: number;
  created_at: Date;
  updated_at: Date;
  /** Who uploaded it; read by the list, the upload and the edit (null once the person is deleted). */
  added_by_name?: string | null;
  updated_by_name?: string | null;
};
export type NewKbDocument = Pick<
  KbDocumentRow,
  "id" | "name" | "channel" | "source" | "url" | "file_name" | "file_size" | "mime_type" | "storage_key"
>;

const COLUMNS = `id, org_id, name, channel, description, source, url, file_name, file_size, mime_type, storage_key,
  status, status_reason, passage_count, created_at, updated_at`;
/** The columns of `kb_documents d` with the names of who added it and who changed it last, from `ADDER`. */
const NAMED_COLUMNS =
  `${COLUMNS.replace(/(\w+)/g, "d.$1")}, ${personNameSql("u")} as ` +
  `added_by_name, ${personNameSql("changer")} as updated_by_name`;
const ADDER = "left join users u on u.id = d.created_by left join users changer on changer.id = d.updated_by";
/** The same names in a RETURNING list, where the written row cannot be joined. */
const RETURNED_ADDER = `(select ${personNameSql("u")} from users u where u.id = kb_documents.created_by)
    as added_by_name,
  (select ${personNameSql("changer")} from users changer where changer.id = kb_documents.updated_by)
    as updated_by_name`;
// Multi-row VALUES: PGlite pays for every statement, so rows go in a few dozen at a time.
const ROWS_PER_INSERT = 25;
// PGlite has one connection: a call's statements wait while a transaction is open. Small transactions (two
// inserts and their lexeme count) keep that wait short; one for a whole document would last seconds.
const PASSAGES_PER_TX = 50;

export function createKnowledgeBaseRepo(db: Db) {
  return {
    /** `createdBy`: the signed-in user who uploaded them. */
    async insertDocuments(
      orgId: string,
      docs: NewKbDocument[],
      createdBy: string | null = null,
    ): Promise<KbDocumentRow[]> {
      if (docs.length === 0) return [];
      const params: unknown[] = [orgId, createdBy];
      const values = docs.map((d) => {
        const at = params.length;
        params.push(d.id, d.name, d.channel, d.source, d.url, d.file_name, d.file_size, d.mime_type, d.storage_key);
        return `($1, $2::uuid, ${Array.from({ length: 9 }, (_, i) => `$${at + i + 1}`).join(", ")})`;
      });
      return db.query<KbDocumentRow>(
        `insert into kb_documents (org_id, created_by, id, name, channel, source, url, file_name, file_size,
          mime_type, storage_key)
         values ${values.join(", ")} returning ${COLUMNS}, ${RETURNED_ADDER}`,
        params,
      );
    },

    list(orgId: string, channel: string): Promise<KbDocumentRow[]> {
      return db.query<KbDocumentRow>(
        `select ${NAMED_COLUMNS} from kb_documents d ${ADDER}
          where d.org_id = $1 and d.channel = $2 order by d.created_at desc, d.id desc`,
        [orgId, channel],
      );
    },

    async get(orgId: string, id: string): Promise<KbDocumentRow | null> {
      const rows = await db.query<KbDocumentRow>(
        `select ${NAMED_COLUMNS} from kb_documents d ${ADDER} where d.org_id = $1 and d.id = $2`,
        [orgId, id],
      );
      return rows[0] ?? null;
    },

    async getById(id: string): Promise<KbDocumentRow | null> {
      const rows = await db.query<KbDocumentRow>(`select ${COLUMNS} from kb_documents where id = $1`, [id]);
      return rows[0] ?? null;
    },

    /** `updatedBy`: the signed-in user making the change. */
    async update(
      orgId: string,
      id: string,
      patch: { name?: string; description?: string | null },
      updatedBy: string | null = null,
    ): Promise<KbDocumentRow | null> {
      const rows = await db.query<KbDocumentRow>(
        `update kb_documents set name = coalesce($3, name),
           description = case when $4::boolean then $5 else description end, updated_at = now(), updated_by = $6
         where org_id = $1 and id = $2 returning ${COLUMNS}, ${RETURNED_ADDER}`,
        [orgId, id, patch.name ?? null, patch.description !== undefined, patch.description ?? null, updatedBy],
      );
      return rows[0] ?? null;
    },

    async remove(orgId: string, id: string): Promise<KbDocumentRow | null> {
      return db.tx(async (q) => {
        await countDocumentLexemes(q, { id, orgId }, -1);
        const rows = await q.query<KbDocumentRow>(
          `delete from kb_documents where org_id = $1 and id = $2 returning ${COLUMNS}`,
          [orgId, id],
        );
        return rows[0] ?? null;
      });
    },

    /**
     * Replaces the document's passages, then marks it ready. Stored in transactions of PASSAGES_PER_TX: on
     * PGlite (one connection) one transaction for a 100 MB document kept every other request waiting for
     * seconds. Retrieval reads ready documents only, so a half-stored one is never an answer; each chunk's
     * lexeme counts commit with its rows, so the counts stay exact when a later attempt clears the rest.
     */
    async storePassages(
      doc: { id: string; orgId: string },
      passages: Passage[],
      embeddings?: number[][],
    ): Promise<void> {
      await db.tx(async (q) => {
        await countDocumentLexemes(q, doc, -1);
        await q.query("delete from kb_passages where document_id = $1", [doc.id]);
      });
      for (let start = 0; start < passages.length; start += PASSAGES_PER_TX) {
        await db.tx((q) =>
          insertPassages(
            q,
            doc,
            passages.slice(start, start + PASSAGES_PER_TX),
            embeddings?.slice(start, start + PASSAGES_PER_TX),
            start,
          ),
        );
      }
      await db.query(
        `update kb_documents set status = 'ready', status_reason = null, passage_count = $2, updated_at = now()
          where id = $1`,
        [doc.id, passages.length],
      );
    },

    async markFailed(id: string, reason: string): Promise<void> {
      await db.query(
        `update kb_documents set status = 'failed', status_reason = $2, updated_at = now() where id = $1`,
        [id, reason],
      );
    },

    /** Counts one more indexing attempt of the document; answers the count. */
    async startAttempt(id: string): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `update kb_documents set ingest_attempts = ingest_attempts + 1 where id = $1 returning ingest_attempts as n`,
        [id],
      );
      return rows[0]?.n ?? 0;
    },

    /** Documents still to index, oldest first, with their organisation. */
    processingIds(): Promise<Array<{ id: string; org_id: string }>> {
      return db.query<{ id: string; org_id: string }>(
        `select id, org_id from kb_documents where status = 'processing' order by created_at`,
      );
    },

    async statusCounts(orgId: string, channel: string) {
      const rows = await db.query<{
        total: number;
        processing: number;
        ready: number;
        failed: number;
        passages: number;
      }>(
        `select count(*)::int as total,
           count(*) filter (where status = 'processing')::int as processing,
           count(*) filter (where status = 'ready')::int as ready,
           count(*) filter (where status = 'failed')::int as failed,
           coalesce(sum(passage_count), 0)::int as passages
         from kb_documents where org_id = $1 and channel = $2`,
        [orgId, channel],
      );
      return rows[0]!;
    },

    async countOwned(orgId: string, ids: string[]): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `select count(*)::int as n from kb_documents where org_id = $1 and id = any($2::uuid[])`,
        [orgId, ids],
      );
      return rows[0]!.n;
    },

    campaignDocuments(orgId: string, campaignId: string): Promise<KbDocumentRow[]> {
      return db.query<KbDocumentRow>(
        `select ${NAMED_COLUMNS} from campaign_knowledge_bases c join kb_documents d on d.id = c.document_id ${ADDER}
         where c.org_id = $1 and c.campaign_id = $2 order by d.created_at desc, d.id desc`,
        [orgId, campaignId],
      );
    },

    async replaceCampaignDocuments(orgId: string, campaignId: string, ids: string[]): Promise<void> {
      await db.tx(async (q) => {
        await q.query("delete from campaign_knowledge_bases where org_id = $1 and campaign_id = $2", [
          orgId,
          campaignId,
        ]);
        if (ids.length === 0) return;
        await q.query(
          `insert into campaign_knowledge_bases (org_id, campaign_id, document_id)
           select $1, $2, unnest($3::uuid[]) on conflict do nothing`,
          [orgId, campaignId, ids],
        );
      });
    },
  };
}
export type KnowledgeBaseRepo = ReturnType<typeof createKnowledgeBaseRepo>;

/** Stores passages at positions first, first + 1, … and counts their lexemes, ROWS_PER_INSERT a statement. */
export async function insertPassages(
  q: Queryable,
  doc: { id: string; orgId: string },
  passages: Passage[],
  embeddings?: number[][],
  first = 0,
): Promise<void> {
  for (let start = 0; start < passages.length; start += ROWS_PER_INSERT) {
    const params: unknown[] = [doc.orgId, doc.id];
    const values = passages.slice(start, start + ROWS_PER_INSERT).map((p, i) => {
      const at = params.length;
      params.push(first + start + i, p.heading, p.text, p.page ?? null, embeddings?.[start + i] ?? null);
      return `($1, $2, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}::int, $${at + 5}::real[])`;
    });
    await q.query(
      `insert into kb_passages (org_id, document_id, position, heading, text, page, embedding)
        values ${values.join(", ")}`,
      params,
    );
  }
  await countDocumentLexemes(q, doc, 1, { from: first, to: first + passages.length });
}
