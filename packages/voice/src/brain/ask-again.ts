import type { Expectation, HeardAnswer } from "../expectation/expectation.ts";
import type { Intent } from "./intents.ts";

/** Asked again at most this often in a row; then the words are handled as they were heard. */
export const MAX_ASK_AGAIN = 2;

// Words that ask for something else ("call me tomorrow", "stop calling", "who is this?") outrank any answer heard
// in them: they are acted on, never asked again as a yes or a no.
const WORDS_FIRST = new Set<Intent>(["dnc", "person", "callback", "question"]);

/** The answer heard, unless the words ask for something else (`intent`, the words' own). */
export const heardUnlessWordsFirst = (intent: Intent, heard: HeardAnswer | undefined): HeardAnswer | undefined =>
  WORDS_FIRST.has(intent) ? undefined : heard;

/**
 * What a brain says when the recogniser heard an answer but could not be sure which: the question asked again,
 * briefly and for the answer it wants, with the keys that answer it too. Null when it is not asked again: the
 * answer was not doubtful, the words ask for something else (`intent`: the words' own), or it was asked again
 * `MAX_ASK_AGAIN` times in a row already (a person moves on). `options`: a choice's options as the agent says them.
 */
export function askAgain(
  asked: Expectation,
  intent: Intent,
  heard: HeardAnswer | undefined,
  timesInARow: number,
  options?: string[],
): string | null {
  if (!heardUnlessWordsFirst(intent, heard)?.askAgain || timesInARow >= MAX_ASK_AGAIN) return null;
  return askAgainLine(asked, options);
}

/** The question asked again for the answer it wants; null for open speech (nothing to ask again). */
export function askAgainLine(asked: Expectation, options?: string[]): string | null {
  switch (asked.kind) {
    case "yes-no":
      return "Sorry, was that a yes or a no? You can also press 1 for yes, or 2 for no.";
    case "time":
      return "Sorry, which day and time was that?";
    case "choice":
      return `Sorry, was that ${(options ?? asked.options).join(" or ")}?`;
    case "number":
      return "Sorry, could you say the number again, one digit at a time? You can also key it in, then press hash.";
    case "open":
      return null;
  }
}
