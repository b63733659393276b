import type { HeardAnswer } from "../expectation/expectation.ts";
import type { Brain, BrainFactory } from "./brain.ts";
import { isSure } from "./heard-confidence.ts";
import { classifyIntent, type Intent } from "./intents.ts";
import { askAgain, heardUnlessWordsFirst } from "./ask-again.ts";
import { answeredTurn, spokenOptions } from "./rules-answers.ts";
import { route, transferEnded, type DialogueState, type Turn } from "./rules-dialogue.ts";
import { expectationAfter } from "./rules-expectation.ts";
import { greetingLine, lines } from "./rules-lines.ts";
import { summarizeCall } from "./rules-summary.ts";
import { newQualifying, qualifyingReply } from "../qualifying/qualifying-dialogue.ts";
import { callOutcomeFields } from "../qualifying/answers.ts";

/**
 * The offline default brain: intents, spoken times, FAQ and knowledge-base answers, and the tools. It needs no
 * model and no network, answers instantly, and never says anything it did not read from the campaign or the KB.
 */
export const createRulesBrain: BrainFactory = (ctx, tools): Brain => {
  const state: DialogueState = {
    stage: "opening",
    unclear: 0,
    alternatives: [],
    events: [],
    pending: null,
    asked: { kind: "open" },
    askedAgain: 0,
    qualifying: newQualifying(ctx.campaign.outcomeFields),
  };
  const greeting = greetingLine(ctx);
  state.asked = expectationAfter(ctx, state, greeting);
  return {
    name: "rules",
    greeting: () => greeting,
    async *reply(calleeText, _history, signal, confidence, heard) {
      const turn = { ctx, tools, state, text: calleeText, sure: isSure(confidence) };
      state.qualifying?.heard.push({ text: calleeText, sure: turn.sure });
      const intent = classifyIntent(calleeText);
      const again = askAgain(state.asked, intent, heard, state.askedAgain, spokenOptions(turn));
      heard = heardUnlessWordsFirst(intent, heard);
      if (again) {
        // The same question, asked again: the same answers are listened for.
        state.askedAgain += 1;
        if (!signal.aborted) yield again;
        return;
      }
      state.askedAgain = 0;
      let last = "";
      try {
        for await (const sentence of answer(turn, intent, heard)) {
          if (signal.aborted) return; // barged in: what is left of this reply is no longer wanted
          last = sentence;
          yield sentence;
        }
      } finally {
        // "Could you say it again?" repeats the question before it: the same answers are listened for.
        if (last && last !== lines.repeat()) state.asked = expectationAfter(ctx, state, last);
      }
    },
    expecting: () => state.asked,
    onSilence: (count) => lines.silence(count),
    voicemailMessage: () => lines.voicemail(ctx),
    transferEnded(result) {
      const line = transferEnded(state, result.answered);
      state.asked = line ? expectationAfter(ctx, state, line) : { kind: "open" };
      return line;
    },
    finish: async (transcript) => {
      const summary = summarizeCall(ctx, transcript, state.events);
      const fields = ctx.campaign.outcomeFields ?? [];
      if (!fields.length) return summary;
      return { ...summary, qualifying: callOutcomeFields(fields, state.events, state.qualifying?.heard ?? []) };
    },
  };
};

/** A taken answer acts as itself ("no" to "Do you have a minute?" is a refusal); other words go by their intent. */
function answer(turn: Turn, intent: Intent, heard: HeardAnswer | undefined) {
  if (turn.state.stage === "qualifying" && turn.state.qualifying?.current)
    return qualifyingReply(turn, intent, heard, route, () => lines.proposeMeeting(turn.ctx));
  const taken = heard?.answer ? answeredTurn(turn, heard.answer, turn.state.asked) : null;
  return taken ? route(taken.intent, taken.turn) : route(intent, turn);
}
