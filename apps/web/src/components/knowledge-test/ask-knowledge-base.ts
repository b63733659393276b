import { KbAskResponse, KbTranscribeResponse, type KbAskRequest } from "@parley/shared/knowledge-base";
import { api } from "../../lib/api-client.ts";

/** What a call would find and say for this question (POST /voice/KB/ask). */
export function askKnowledgeBase(request: KbAskRequest): Promise<KbAskResponse> {
  return api("/voice/KB/ask", { method: "POST", body: request, schema: KbAskResponse });
}

/** What the calls' speech recognition heard in a spoken question (POST /voice/KB/transcribe). */
export function transcribeQuestion(wav: ArrayBuffer, campaignId?: string): Promise<KbTranscribeResponse> {
  return api("/voice/KB/transcribe", {
    method: "POST",
    body: new Blob([wav], { type: "audio/wav" }),
    query: { campaign_id: campaignId },
    schema: KbTranscribeResponse,
  });
}
