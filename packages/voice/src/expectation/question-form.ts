import { type Expectation, OPEN } from "./expectation.ts";

// A question that starts with an auxiliary verb ("Do you…", "Is there…", "Shall I…", "Would it…") is answered by a
// yes or a no; one that starts with a question word ("What day…", "Which…") is not.
const AUXILIARIES = "do|does|did|is|are|was|were|can|could|would|will|shall|should|have|has|had|may|might|am";
const YES_NO_QUESTION = new RegExp(String.raw`^(?:[^,:?]+[,:]\s+)?(?:${AUXILIARIES})\b[^?]*\?$`, "iu");

/** The last sentence of a line (what the callee answers). */
export function lastSentence(line: string): string {
  const sentences = line.trim().match(/[^.!?]+[.!?]*/g) ?? [];
  return (sentences.at(-1) ?? "").trim();
}

/** Whether the line ends by asking a yes/no question. */
export const asksYesNo = (line: string): boolean => YES_NO_QUESTION.test(lastSentence(line));

/**
 * What a line the agent said expects, read from its form alone: a closing yes/no question expects a yes or a no,
 * anything else open speech. For a brain that knows no more about its own question (a language model's words).
 */
export const expectationOfLine = (line: string): Expectation => (asksYesNo(line) ? { kind: "yes-no" } : OPEN);
