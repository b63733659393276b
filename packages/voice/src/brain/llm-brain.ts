import type { Brain, BrainFactory, KnowledgePassage } from "./brain.ts";
import { answerFromPassages } from "./kb-answer.ts";
import type { CallEvent } from "./call-events.ts";
import { streamChat } from "./llm/chat-client.ts";
import type { ChatMessage, LlmConfig, ToolCall } from "./llm/chat-types.ts";
import { chatMessages } from "./llm/llm-prompt.ts";
import { summarizeWithLlm } from "./llm/llm-summary.ts";
import { runToolCall, toolDefinitions } from "./llm/llm-tools.ts";
import { createSentenceSplitter } from "./llm/sentence-splitter.ts";
import { isSure } from "./heard-confidence.ts";
import { greetingLine, lines } from "./rules-lines.ts";

// Enough for "book → refused → book an alternative → end call" in one reply; a loop beyond is a model gone astray.
const MAX_TOOL_ROUNDS = 4;

/**
 * A brain on any OpenAI-compatible chat-completions server (OpenAI, Groq, vLLM, Ollama, llama.cpp): streamed
 * sentence by sentence, with tool calls run through AgentTools and their results sent back to the model.
 * Greeting, silence and voicemail lines are the fixed ones: they must be ready instantly and always disclose the AI.
 */
export function createLlmBrain(config: LlmConfig): BrainFactory {
  return (ctx, tools): Brain => {
    const events: CallEvent[] = [];
    return {
      name: `llm:${config.model}`,
      greeting: () => greetingLine(ctx),
      async *reply(calleeText, history, signal, confidence) {
        const passages = await tools.retrieve(calleeText).catch(() => [] as KnowledgePassage[]);
        // The model gets the top passages; the record keeps the ones that hold an answer to what was asked.
        const answer = answerFromPassages(calleeText, passages);
        if (answer.answered) tools.citeSources?.(calleeText, answer.used.map((i) => passages[i]!));
        const messages: ChatMessage[] = chatMessages(ctx, events, history, calleeText, passages, isSure(confidence), !!tools.transferCall);
        for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
          const splitter = createSentenceSplitter();
          let text = "";
          let calls: ToolCall[] = [];
          for await (const chunk of streamChat(config, messages, toolDefinitions(tools), signal)) {
            if (chunk.kind === "tool_calls") calls = chunk.calls;
            else {
              text += chunk.text;
              for (const sentence of splitter.push(chunk.text)) yield sentence;
            }
          }
          const rest = splitter.flush();
          if (rest) yield rest;
          if (!calls.length || signal.aborted) return;
          messages.push({ role: "assistant", content: text || null, tool_calls: calls });
          for (const call of calls) messages.push({ role: "tool", tool_call_id: call.id, content: await runToolCall(call, ctx, tools, events) });
        }
      },
      onSilence: (count) => lines.silence(count),
      voicemailMessage: () => lines.voicemail(ctx),
      transferEnded(result) {
        events.push({ kind: "transfer", answered: result.answered });
        // The fixed line: instant, and the model reads the failed transfer in its facts on the next turn.
        return result.answered ? null : lines.transferUnanswered();
      },
      finish: (transcript) => summarizeWithLlm(config, ctx, transcript, events),
    };
  };
}
