import crypto from "node:crypto";
import {
  KB_FILES_FIELD,
  KB_MAX_URLS,
  KbMessages,
  checkKbFiles,
  type KbDocument,
  type KbUrlEntry,
} from "@parley/shared/knowledge-base";
import { AppError, notFound } from "../../http/errors.ts";
import type { Storage } from "../../platform/storage.ts";
import { MIME_OF, sniffDocKind } from "./file-sniff.ts";
import type { KbIngest } from "./kb-ingest.ts";
import type { KbDocumentRow, KnowledgeBaseRepo, NewKbDocument } from "./knowledge-base.repo.ts";

export type UploadedFile = { fileName: string; bytes: Buffer };
type Deps = {
  repo: KnowledgeBaseRepo;
  storage: Storage;
  ingest: KbIngest;
  /** Whether the org has this campaign (read through the campaigns service). */
  campaignExists: (orgId: string, campaignId: string) => Promise<boolean>;
  /** The org's knowledge base changed (retrieval caches). */
  changed?: (orgId: string) => void;
};

const TYPE_LABEL = { voice: "Voice", email: "Email", whatsapp: "WhatsApp" } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toKbDocument(r: KbDocumentRow): KbDocument {
  return {
    id: r.id,
    name: r.name,
    type: TYPE_LABEL[r.channel],
    channel: r.channel,
    description: r.description,
    source: r.source,
    url: r.url,
    file_name: r.file_name,
    file_size: r.file_size,
    mime_type: r.mime_type,
    status: r.status,
    status_reason: r.status_reason,
    passage_count: r.passage_count,
    added_by_name: r.added_by_name ?? null,
    updated_by_name: r.updated_by_name ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const invalid = (message: string, path: string) => new AppError("validation_failed", message, [{ path, message }]);

function checkUrls(entries: KbUrlEntry[]): Array<{ url: string; name: string }> {
  const kept = entries
    .map((e) => ({ url: (e.url ?? "").trim(), name: (e.name ?? "").trim() }))
    .filter((e) => e.url !== "");
  if (kept.length === 0) throw invalid(KbMessages.noUrls, "urls_data");
  if (kept.length > KB_MAX_URLS) throw invalid(KbMessages.tooManyUrls, "urls_data");
  return kept.map((e, i) => {
    let ok = false;
    try {
      const u = new URL(e.url);
      ok = (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
    } catch {
      ok = false;
    }
    if (!ok) throw invalid(KbMessages.invalidUrl(e.url), `urls_data.${i}.url`);
    return { url: e.url, name: (e.name || `Document ${i + 1}`).slice(0, 200) };
  });
}

export function createKnowledgeBaseService({ repo, storage, ingest, campaignExists, changed }: Deps) {
  const owned = async (orgId: string, id: string) => {
    const row = UUID.test(id) ? await repo.get(orgId, id) : null;
    if (!row) throw notFound("Knowledge base item");
    return row;
  };

  return {
    /** Checks every file (count, name, size, then content), stores them, answers at once; indexing follows. */
    async uploadFiles(orgId: string, files: UploadedFile[], addedBy: string | null = null): Promise<KbDocument[]> {
      if (files.length === 0) throw invalid(KbMessages.noFiles, KB_FILES_FIELD);
      const problem = checkKbFiles(files.map((f) => ({ name: f.fileName, size: f.bytes.length })));
      if (problem) throw invalid(problem, KB_FILES_FIELD);
      const kinds = await Promise.all(files.map((f) => sniffDocKind(f.bytes, f.fileName)));
      const wrong = files.filter((_, i) => kinds[i] === null).map((f) => f.fileName);
      if (wrong.length) throw invalid(KbMessages.invalidType(wrong), KB_FILES_FIELD);

      const docs: NewKbDocument[] = files.map((f, i) => {
        const id = crypto.randomUUID();
        return {
          id,
          name: f.fileName.replace(/\.[^.]+$/, "").slice(0, 200) || f.fileName,
          channel: "voice",
          source: "file",
          url: null,
          file_name: f.fileName.slice(0, 255),
          file_size: f.bytes.length,
          mime_type: MIME_OF[kinds[i]!],
          storage_key: `kb/${orgId}/${id}`,
        };
      });
      await Promise.all(docs.map((d, i) => storage.put(d.storage_key!, files[i]!.bytes)));
      try {
        const rows = await repo.insertDocuments(orgId, docs, addedBy);
        ingest.enqueue(
          orgId,
          rows.map((r) => r.id),
        );
        return rows.map(toKbDocument);
      } catch (err) {
        await Promise.all(docs.map((d) => storage.delete(d.storage_key!)));
        throw err;
      }
    },

    async uploadUrls(orgId: string, entries: KbUrlEntry[], addedBy: string | null = null): Promise<KbDocument[]> {
      const urls = checkUrls(entries);
      const rows = await repo.insertDocuments(
        orgId,
        urls.map((u) => ({
          id: crypto.randomUUID(),
          name: u.name,
          channel: "voice",
          source: "url",
          url: u.url,
          file_name: null,
          file_size: null,
          mime_type: null,
          storage_key: null,
        })),
        addedBy,
      );
      ingest.enqueue(
        orgId,
        rows.map((r) => r.id),
      );
      return rows.map(toKbDocument);
    },

    async list(orgId: string, channel = "voice"): Promise<KbDocument[]> {
      return (await repo.list(orgId, channel)).map(toKbDocument);
    },

    async get(orgId: string, id: string): Promise<KbDocument> {
      return toKbDocument(await owned(orgId, id));
    },

    async update(
      orgId: string,
      id: string,
      patch: { name?: string; description?: string | null },
      updatedBy: string | null = null,
    ): Promise<KbDocument> {
      await owned(orgId, id);
      const row = await repo.update(
        orgId,
        id,
        { name: patch.name, description: patch.description === "" ? null : patch.description },
        updatedBy,
      );
      if (!row) throw notFound("Knowledge base item");
      return toKbDocument(row);
    },

    /** Deletes the item, its passages and its campaign links (cascade) and the stored file. */
    async remove(orgId: string, id: string): Promise<void> {
      await owned(orgId, id);
      const row = await repo.remove(orgId, id);
      if (row?.storage_key) await storage.delete(row.storage_key);
      changed?.(orgId);
    },

    status: (orgId: string) => repo.statusCounts(orgId, "voice"),

    async campaignDocuments(orgId: string, campaignId: string): Promise<KbDocument[]> {
      if (!UUID.test(campaignId) || !(await campaignExists(orgId, campaignId))) throw notFound("Campaign");
      return (await repo.campaignDocuments(orgId, campaignId)).map(toKbDocument);
    },

    async setCampaignDocuments(orgId: string, campaignId: string, documentIds: string[]): Promise<KbDocument[]> {
      if (!UUID.test(campaignId) || !(await campaignExists(orgId, campaignId))) throw notFound("Campaign");
      const ids = [...new Set(documentIds)];
      if (ids.length && (await repo.countOwned(orgId, ids)) !== ids.length) throw notFound("Knowledge base item");
      await repo.replaceCampaignDocuments(orgId, campaignId, ids);
      return (await repo.campaignDocuments(orgId, campaignId)).map(toKbDocument);
    },

    /** The document ids a campaign's agent answers from (for the voice agent). */
    async campaignDocumentIds(orgId: string, campaignId: string): Promise<string[]> {
      return (await repo.campaignDocuments(orgId, campaignId)).map((d) => d.id);
    },
  };
}
export type KnowledgeBaseService = ReturnType<typeof createKnowledgeBaseService>;
