import {
  EmailConversation,
  EmailThreadList,
  type EmailConversationMessage,
  type EmailThreadSummary,
} from "@parley/shared/email-logs";
import { api } from "../../lib/api-client.ts";

export async function fetchThreads(signal?: AbortSignal): Promise<EmailThreadSummary[]> {
  return (await api("/threads-above-threshold", { schema: EmailThreadList, signal })).thread_details;
}

export async function fetchConversation(threadId: string, signal?: AbortSignal): Promise<EmailConversationMessage[]> {
  return (await api(`/thread/${encodeURIComponent(threadId)}/conversation`, { schema: EmailConversation, signal }))
    .conversation;
}
