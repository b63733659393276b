import { completeChat } from "../brain/llm/chat-client.ts";
import type { LlmConfig } from "../brain/llm/chat-types.ts";
import { knowledgeNote } from "../brain/llm/llm-prompt.ts";
import { answerFromPassages, NOT_IN_KNOWLEDGE_BASE, type KbAnswer, type KbPassage } from "./answer.ts";
import { speakable } from "./faq-answer.ts";

// The model says this when the passages do not answer: "answered" must not depend on parsing an apology.
const NOT_FOUND = "NOT_IN_PASSAGES";

/**
 * The answer a call with a language model gives, for the "Test your knowledge base" box: the same passages
 * and the same rule (answer only from them). `used` is where the offline choice found the answer. When the
 * model fails the offline answer stands, as on a call.
 */
export async function answerWithLlm(
  config: LlmConfig,
  question: string,
  passages: KbPassage[],
  signal: AbortSignal,
): Promise<KbAnswer> {
  const offline = answerFromPassages(question, passages);
  if (!passages.length) return offline;
  const note = knowledgeNote(passages.map((p, i) => ({ id: String(i), ...p })));
  try {
    const reply = await completeChat(
      config,
      [
        {
          role: "system",
          content:
            `You are answering a caller's question on a phone call. ${note}\nIf the ` +
            `passages do not answer it, reply exactly ${NOT_FOUND}.`,
        },
        { role: "user", content: question },
      ],
      signal,
    );
    // The offline checks stay: they say why the offline choice would have answered or not.
    if (reply.includes(NOT_FOUND)) return { ...offline, text: NOT_IN_KNOWLEDGE_BASE, answered: false, used: [] };
    const text = speakable(reply);
    return text ? { ...offline, text, answered: true } : offline;
  } catch {
    return offline;
  }
}
