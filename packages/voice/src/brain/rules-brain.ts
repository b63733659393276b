import type { Brain, BrainFactory } from "./brain.ts";
import { isSure } from "./heard-confidence.ts";
import { classifyIntent } from "./intents.ts";
import { route, transferEnded, type DialogueState } from "./rules-dialogue.ts";
import { greetingLine, lines } from "./rules-lines.ts";
import { summarizeCall } from "./rules-summary.ts";

/**
 * The offline default brain: intents, spoken times, FAQ and knowledge-base answers, and the tools. It needs no
 * model and no network, answers instantly, and never says anything it did not read from the campaign or the KB.
 */
export const createRulesBrain: BrainFactory = (ctx, tools): Brain => {
  const state: DialogueState = { stage: "opening", unclear: 0, alternatives: [], events: [], pending: null };
  return {
    name: "rules",
    greeting: () => greetingLine(ctx),
    async *reply(calleeText, _history, signal, confidence) {
      const turn = { ctx, tools, state, text: calleeText, sure: isSure(confidence) };
      for await (const sentence of route(classifyIntent(calleeText), turn)) {
        if (signal.aborted) return; // barged in: what is left of this reply is no longer wanted
        yield sentence;
      }
    },
    onSilence: (count) => lines.silence(count),
    voicemailMessage: () => lines.voicemail(ctx),
    transferEnded: (result) => transferEnded(state, result.answered),
    finish: async (transcript) => summarizeCall(ctx, transcript, state.events),
  };
};
