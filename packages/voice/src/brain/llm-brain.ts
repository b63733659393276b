import type { Brain, BrainFactory, KnowledgePassage } from "./brain.ts";
import { answerFromPassages, lookupsOf } from "../knowledge/answer.ts";
import type { CallEvent } from "./call-events.ts";
import { type BookingTurn, lastAgentTurn, readBackRefusal } from "./llm/booking-readback.ts";
import { streamChat } from "./llm/chat-client.ts";
import type { ChatMessage, LlmConfig, ToolCall } from "./llm/chat-types.ts";
import { chatMessages } from "./llm/llm-prompt.ts";
import { summarizeWithLlm } from "./llm/llm-summary.ts";
import { runToolCall, toolDefinitions } from "./llm/llm-tools.ts";
import { createSentenceSplitter } from "./llm/sentence-splitter.ts";
import { isSure } from "./heard-confidence.ts";
import { wordsOfAnswer } from "../expectation/heard-answer.ts";
import { expectationOfLine } from "../expectation/question-form.ts";
import { greetingLine, lines } from "./rules-lines.ts";
import { askAgain } from "./ask-again.ts";
import { classifyIntent } from "./intents.ts";
import { callOutcomeFields, type HeardLine } from "../qualifying/answers.ts";
import { RECORD_ANSWER, recordAnswer, recordAnswerTool } from "../qualifying/llm-fields.ts";

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
    // The model's question is read from its form only: its last sentence, if a yes/no question, expects a yes or a
    // no, anything else open speech (a simple reading; the recogniser's way out still hears whatever is said).
    let lastLine = greetingLine(ctx);
    let askedAgain = 0;
    const fields = ctx.campaign.outcomeFields ?? [];
    const heardLines: HeardLine[] = [];
    const definitions = fields.length ? [...toolDefinitions(tools), recordAnswerTool(fields)] : toolDefinitions(tools);
    // record_answer is the brain's own (it reads the caller's words); the others act through AgentTools, a booking
    // only once the time was read back and agreed to in this turn (booking-readback.ts).
    const runTool = async (call: ToolCall, turn: BookingTurn): Promise<string> => {
      if (call.function.name !== RECORD_ANSWER)
        return runToolCall(call, ctx, tools, events, (at) => readBackRefusal(at, turn, ctx));
      try {
        return JSON.stringify(recordAnswer(JSON.parse(call.function.arguments || "{}"), ctx, heardLines, events));
      } catch (err) {
        return JSON.stringify({ error: (err as Error).message });
      }
    };
    return {
      name: `llm:${config.model}`,
      greeting: () => greetingLine(ctx),
      async *reply(heardText, history, signal, confidence, heard) {
        const asked = expectationOfLine(lastLine);
        // An answer heard but not for sure is asked again, as the rules agent does, without a round trip to the
        // model; the question (`lastLine`) stays the one the callee answers, so the same answers are listened for.
        const again = askAgain(asked, classifyIntent(heardText), heard, askedAgain);
        if (again) {
          askedAgain += 1;
          if (!signal.aborted) yield again;
          return;
        }
        askedAgain = 0;
        const calleeText = wordsOfAnswer(asked, heardText, heard);
        heardLines.push({ text: calleeText, sure: isSure(confidence) || !!heard?.answer });
        const passages = await tools.retrieve(calleeText).catch(() => [] as KnowledgePassage[]);
        // The model gets the top passages; the record keeps each with
        // whether the offline choice answers from it, and why.
        const answer = answerFromPassages(calleeText, passages);
        if (passages.length) tools.citeSources?.(calleeText, lookupsOf(answer, passages));
        const messages: ChatMessage[] = chatMessages(
          ctx,
          events,
          history,
          calleeText,
          passages,
          isSure(confidence),
          !!tools.transferCall,
        );
        for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
          const splitter = createSentenceSplitter();
          let text = "";
          let calls: ToolCall[] = [];
          for await (const chunk of streamChat(config, messages, definitions, signal)) {
            if (chunk.kind === "tool_calls") calls = chunk.calls;
            else {
              text += chunk.text;
              for (const sentence of splitter.push(chunk.text)) {
                lastLine = sentence;
                yield sentence;
              }
            }
          }
          const rest = splitter.flush();
          if (rest) {
            lastLine = rest;
            yield rest;
          }
          if (!calls.length || signal.aborted) return;
          messages.push({ role: "assistant", content: text || null, tool_calls: calls });
          for (const call of calls)
            messages.push({
              role: "tool",
              tool_call_id: call.id,
              content: await runTool(call, { agentTurn: lastAgentTurn(history), calleeText }),
            });
        }
      },
      expecting: () => expectationOfLine(lastLine),
      onSilence: (count) => lines.silence(count),
      voicemailMessage: () => lines.voicemail(ctx),
      transferEnded(result) {
        events.push({ kind: "transfer", answered: result.answered });
        // The fixed line: instant, and the model reads the failed transfer in its facts on the next turn.
        lastLine = result.answered ? "" : lines.transferUnanswered();
        return result.answered ? null : lastLine;
      },
      finish: async (transcript) => {
        const summary = await summarizeWithLlm(config, ctx, transcript, events);
        return fields.length ? { ...summary, qualifying: callOutcomeFields(fields, events, heardLines) } : summary;
      },
    };
  };
}
