import { KbAskResponse, type KbAskRequest } from "@parley/shared/knowledge-base";
import { api } from "../../lib/api-client.ts";

/** What a call would find and say for this question (POST /voice/KB/ask). */
export function askKnowledgeBase(request: KbAskRequest): Promise<KbAskResponse> {
  return api("/voice/KB/ask", { method: "POST", body: request, schema: KbAskResponse });
}
