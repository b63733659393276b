import { KbDocumentList, KbUploadResult, type KbDocument, type KbUrlEntry } from "@parley/shared/knowledge-base";
import { api } from "../../lib/api-client.ts";

/** The spec sends a fixed agent id; the server keeps the knowledge base per organisation. */
export const AGENT_ID = "parley-voice-agent";

export async function listKnowledgeBase(): Promise<KbDocument[]> {
  return (await api("/voice/KB/documents", { schema: KbDocumentList })).data.documents;
}

export async function uploadDocuments(files: File[], onProgress: (percent: number) => void): Promise<KbDocument[]> {
  const body = new FormData();
  for (const f of files) body.append("files[]", f, f.name);
  body.append("agent_id", AGENT_ID);
  const res = await api("/voice/KB/bulk-upload-documents", {
    method: "POST",
    body,
    onUploadProgress: onProgress,
    schema: KbUploadResult,
  });
  return res.data.documents;
}

/** Form-encoded with urls_data as a JSON list of {url, name} (spec §7). */
export async function uploadUrls(entries: KbUrlEntry[], onProgress: (percent: number) => void): Promise<KbDocument[]> {
  const body = new URLSearchParams({ agent_id: AGENT_ID, urls_data: JSON.stringify(entries) });
  const res = await api("/voice/KB/bulk-upload-urls", {
    method: "POST",
    body,
    onUploadProgress: onProgress,
    schema: KbUploadResult,
  });
  return res.data.documents;
}

export async function deleteKnowledgeBaseItem(id: string): Promise<void> {
  await api(`/voice/KB/unassign-and-delete/${encodeURIComponent(id)}`, { method: "DELETE" });
}
