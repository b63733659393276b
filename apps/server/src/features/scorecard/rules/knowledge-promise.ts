import type { ScorecardCheck } from "@parley/shared/scorecard";
import { conversed, fail, type Line, notApplicable, pass, type ScoreInput } from "../score-input.ts";
import { ACTS, callerQuestions, faqAnswered, lookupsFor, WHO_ASKED } from "./questions.ts";
import { replyAfter } from "./questions-answered.ts";

// What a reply asserts as fact: a figure, a price, a share, a promise ("free", "guaranteed", "included"), or a
// "yes, we do" to a question nothing in the campaign's knowledge answered.
const CLAIM = new RegExp(
  [
    String.raw`\d`,
    "[$£€]",
    String.raw`\b(?:percent|dollars?|pounds?|euros?|per (?:month|year|hour)|a month|a year)\b`,
    String.raw`\b(?:free|guarantee[ds]?|included|includes|discount|refund|warranty|always|never charge)\b`,
    String.raw`\bno (?:extra )?(?:cost|charge|fee)\b`,
    String.raw`\bwe (?:can|will|do|offer|provide|give|include|guarantee|cover)\b(?! have)`,
    String.raw`^(?:yes|yeah|yep|sure|of course|absolutely|definitely|certainly)\b`,
  ].join("|"),
  "i",
);

type Judged = { q: Line; reply: Line[]; grounded: boolean };

/** The callee's questions about the offer (not a booking, a transfer or who is calling), with the agent's reply. */
function knowledgeQuestions(s: ScoreInput): Judged[] {
  return callerQuestions(s).flatMap((q) => {
    const { reply } = replyAfter(s, q);
    const text = reply.map((l) => l.text).join(" ");
    const looked = lookupsFor(s, q);
    if (!reply.length || (!looked.length && (ACTS.test(text) || WHO_ASKED.test(q.text)))) return [];
    return [{ q, reply, grounded: looked.some((k) => k.used) || faqAnswered(s, text) }];
  });
}

/**
 * Where the campaign's knowledge had no answer (the knowledge-base path declined or found no passage, and no FAQ
 * was read out), the agent states no fact and makes no promise: it says it does not know and offers a follow-up.
 */
export function noOutsidePromise(s: ScoreInput): ScorecardCheck {
  const judged = conversed(s) ? knowledgeQuestions(s) : [];
  if (!judged.length) return notApplicable("no_outside_promise", "The lead asked nothing about the offer.");
  for (const j of judged) {
    if (j.grounded) continue;
    const claim = j.reply.find((l) => CLAIM.test(l.text.trim()));
    if (claim)
      return fail(
        "no_outside_promise",
        `Nothing in the campaign's knowledge answers "${j.q.text}", yet the agent stated an answer.`,
        claim,
      );
  }
  const last = judged[judged.length - 1]!;
  const note = judged.every((j) => j.grounded)
    ? "Every answer came from the campaign's FAQs or knowledge base."
    : "Where the campaign's knowledge had no answer, the agent stated no fact and made no promise.";
  return pass("no_outside_promise", note, last.reply[0]);
}
