import type { Completeness } from "./utterance-completeness.ts";

/** How much silence ends the callee's turn, by what is known of their words. */
export type EndpointPolicy = {
  /** Nothing in the words says whether they are finished (or no words yet), after a longer utterance. */
  endOfTurnSilenceMs: number;
  /** The words sound finished ("yes", "Tuesday at three works"). */
  completeTurnSilenceMs: number;
  /** The words stop mid-phrase ("I'd like to book it on…"): a thinking pause, not the end. */
  midPhraseSilenceMs: number;
  /** With nothing known of the words, an utterance this short is most often a whole answer ("yes", "no thanks")… */
  shortAnswerMs: number;
  /** …and ends after this much silence. */
  shortAnswerSilenceMs: number;
};

/**
 * What is known of the callee's turn when a silence has begun: the
 * judgement on the words heard so far and how long they spoke.
 */
export type TurnSoFar = { words: Completeness; speechMs: number };

/**
 * The silence (ms) after which the turn is over. Pure; evaluated again on each silent frame, so a partial
 * hypothesis that arrives during the silence still counts. An engine without partials always gives
 * "unknown" words, and then only the length of the utterance speaks.
 */
export function silenceToEndTurn(policy: EndpointPolicy, turn: TurnSoFar): number {
  if (turn.words === "complete") return policy.completeTurnSilenceMs;
  if (turn.words === "incomplete") return policy.midPhraseSilenceMs;
  return turn.speechMs <= policy.shortAnswerMs ? policy.shortAnswerSilenceMs : policy.endOfTurnSilenceMs;
}
