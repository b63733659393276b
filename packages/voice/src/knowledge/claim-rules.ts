import { chosenPart } from "./focus-rules.ts";
import type { AnswerRule } from "./rules.ts";

/**
 * What a sentence asserts: a caller's question about how things are is answered by a sentence that says how
 * they are, not by what someone could have done or imagines ("I could have changed to Sadakane's algorithm,
 * but…" for "what algorithm does bzip2 use"; "I can imagine local uses for such a group…" for "what does the
 * dialout group give access to"). Such sentences sit on the asked topic and hold its words, so the rules on
 * words let them through; said aloud they state a guess or a road not taken as the answer.
 */

// A road not taken: "could have changed", "would have been", "might have used" (not "must have": a requirement).
const COUNTERFACTUAL = /\b(?:could|would|might|should)(?: not|n't)? have (?:been|had|done|gone|made|\w+ed|\w+en)\b/i;
// The writer's guess or opinion about what may be, not a fact of the thing: "I can imagine", "I suppose".
const CONJECTURE =
  /\b(?:I|we)(?: (?:can|could|would|might))? (?:imagine|guess|suppose|suspect|wonder|speculate|doubt)\b/i;

/** The part of `sentence` that states a guess or a road not taken, or null when it asserts how things are. */
export function conjecture(sentence: string): string | null {
  return (COUNTERFACTUAL.exec(sentence) ?? CONJECTURE.exec(sentence))?.[0] ?? null;
}

export const CLAIM_RULES: AnswerRule[] = [
  {
    id: "states-a-fact",
    refuses: (x) => {
      const guess = conjecture(chosenPart(x));
      return guess ? `It says what "${guess}", a guess or a road not taken, not how things are.` : null;
    },
  },
];
