import type { RetrievalService, RetrievedPassage } from "./retrieval.service.ts";

/** How many passages a call's brain gets for one question (and the "Test your knowledge base" box shows). */
export const CALL_PASSAGES = 3;

/**
 * What a call looks up: only the campaign's knowledge bases (a campaign without any answers from its FAQs
 * alone), the best few passages. The "Test your knowledge base" box asks the same way.
 */
export function retrieveForCampaign(
  retrieval: RetrievalService,
  c: { org_id: string; kb_document_ids: string[] },
  query: string,
): Promise<RetrievedPassage[]> {
  if (!c.kb_document_ids.length) return Promise.resolve([]);
  return retrieval.retrieve(c.org_id, query, { documentIds: c.kb_document_ids, limit: CALL_PASSAGES });
}
