import type { ScorecardCheck } from "@parley/shared/scorecard";
import type { ScoreInput } from "./score-input.ts";
import { bookingReadBack } from "./rules/booking-read-back.ts";
import { aiDisclosed, recordingDisclosed } from "./rules/disclosure.ts";
import { goalAsked } from "./rules/goal-asked.ts";
import { agentInterrupted, calleeInterrupted } from "./rules/interruptions.ts";
import { noOutsidePromise } from "./rules/knowledge-promise.ts";
import { optOutHonoured } from "./rules/opt-out.ts";
import { questionsAnswered } from "./rules/questions-answered.ts";
import { firstWord, longestSilence, talkRatio } from "./rules/timing.ts";

/** Bumped whenever a rule changes: scorecards of an older version are computed again when read. */
export const SCORECARD_VERSION = 1;

/** The rules, in the order the scorecard lists them (SCORECARD_CHECKS). */
const RULES: Array<(s: ScoreInput) => ScorecardCheck> = [
  aiDisclosed,
  recordingDisclosed,
  goalAsked,
  questionsAnswered,
  bookingReadBack,
  optOutHonoured,
  noOutsidePromise,
  talkRatio,
  longestSilence,
  agentInterrupted,
  calleeInterrupted,
  firstWord,
];

/** Every check of one call: pure, from its transcript and what it recorded. */
export function scoreCall(input: ScoreInput): ScorecardCheck[] {
  return RULES.map((rule) => rule(input));
}
