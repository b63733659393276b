import { CampaignKnowledgeBasesResponse, KbDocumentList, type KbDocument } from "@parley/shared/knowledge-base";
import { api } from "../../../lib/api-client.ts";

/** The organisation's knowledge base items a campaign can answer from (the knowledge base screen's list). */
export async function listKnowledgeBaseItems(): Promise<KbDocument[]> {
  return (await api("/voice/KB/documents", { schema: KbDocumentList })).data.documents;
}

export async function getCampaignKnowledgeBases(campaignId: string): Promise<KbDocument[]> {
  return (
    await api(`/campaigns/${encodeURIComponent(campaignId)}/knowledge-bases`, {
      schema: CampaignKnowledgeBasesResponse,
    })
  ).documents;
}

/** Replaces the campaign's attached items with exactly `documentIds`. */
export async function setCampaignKnowledgeBases(campaignId: string, documentIds: string[]): Promise<KbDocument[]> {
  const res = await api(`/campaigns/${encodeURIComponent(campaignId)}/knowledge-bases`, {
    method: "PUT",
    body: { document_ids: documentIds },
    schema: CampaignKnowledgeBasesResponse,
  });
  return res.documents;
}
