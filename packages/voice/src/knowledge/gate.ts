import type { Candidate } from "./candidates.ts";
import { WEIGHTS } from "./weights.ts";

/**
 * The precision gate on the sentence every rule accepted: how much of the question it holds itself plus how
 * much its heading, FAQ question or table row holds (`topical + context`). Answers said without the fact came
 * from sentences that hold little of the question in little context; over the dev, check, third and fourth
 * sets this sum separates them from right answers better than the score, the retrieval margin or the
 * margin to the next sentence (docs/knowledge-base.md#precision-gate). Under it the agent declines: a
 * wrong answer said with confidence hurts a caller more than a follow-up.
 */
export const support = (c: Pick<Candidate, "topical" | "context">) => c.topical + c.context;

/** Why the chosen sentence is not said, or null when it holds enough of the question to be. */
export function unsupported(c: Pick<Candidate, "topical" | "context">): string | null {
  const s = support(c);
  const min = WEIGHTS.accept.support;
  return s < min
    ? `It and its heading hold too little of the question (${s.toFixed(2)}, under ${min}) to say it with confidence.`
    : null;
}
