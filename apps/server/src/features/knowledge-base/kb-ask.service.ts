import type { KbAskRequest, KbAskResponse } from "@parley/shared/knowledge-base";
import { answerFromPassages, passageChecks, type KbAnswer, type KbPassage } from "@parley/voice/knowledge/answer";
import { answerWithLlm } from "@parley/voice/knowledge/llm-answer";
import type { LlmConfig } from "@parley/voice/brain/llm/chat-types";
import { notFound } from "../../http/errors.ts";
import type { KbAskRepo } from "./kb-ask.repo.ts";
import { CALL_PASSAGES, retrieveForCampaign } from "./kb-campaign-retrieval.ts";
import type { KnowledgeBaseService } from "./knowledge-base.service.ts";
import type { KnowledgeBaseRepo } from "./knowledge-base.repo.ts";
import type { RetrievalService } from "./retrieval.service.ts";

type Deps = {
  retrieval: RetrievalService;
  knowledgeBase: Pick<KnowledgeBaseService, "campaignDocuments">;
  documents: Pick<KnowledgeBaseRepo, "countOwned">;
  repo: KbAskRepo;
  /** With a language model configured, calls answer through it: so does the test box. */
  llm: LlmConfig | null;
};

/**
 * "Test your knowledge base": the passages a call would get for this question and the answer the caller
 * would hear, through the same retrieval and answer choice as a live call.
 */
export function createKbAskService({ retrieval, knowledgeBase, documents, repo, llm }: Deps) {
  /** The documents to search: the screen's choice, else the campaign's, else all of the organisation's. */
  async function documentScope(orgId: string, req: KbAskRequest): Promise<string[] | null> {
    // A campaign of another organisation is not found, as its page would be.
    const campaignIds = req.campaign_id
      ? (await knowledgeBase.campaignDocuments(orgId, req.campaign_id)).map((d) => d.id)
      : null;
    if (!req.document_ids) return campaignIds;
    const ids = [...new Set(req.document_ids)];
    if (ids.length && (await documents.countOwned(orgId, ids)) !== ids.length) throw notFound("Knowledge base item");
    return ids;
  }

  return {
    async ask(orgId: string, req: KbAskRequest, signal: AbortSignal): Promise<KbAskResponse> {
      const ids = await documentScope(orgId, req);
      const found = ids
        ? await retrieveForCampaign(retrieval, { org_id: orgId, kb_document_ids: ids }, req.question)
        : await retrieval.retrieve(orgId, req.question, { limit: CALL_PASSAGES });
      const passages: KbPassage[] = found.map((p) => ({ heading: p.heading, text: p.text }));
      const answer: KbAnswer = llm
        ? await answerWithLlm(llm, req.question, passages, signal)
        : answerFromPassages(req.question, passages);
      const pages = await repo.pages(
        orgId,
        found.map((p) => p.passageId),
      );
      return {
        answer: answer.text,
        answered: answer.answered,
        passages: found.map((p, i) => ({
          document_id: p.documentId,
          document_name: p.documentName,
          heading: p.heading,
          page: pages.get(p.passageId) ?? null,
          text: p.text,
          score: p.score,
          used: answer.used.includes(i),
          checks: passageChecks(answer, i),
        })),
      };
    },
  };
}
export type KbAskService = ReturnType<typeof createKbAskService>;
