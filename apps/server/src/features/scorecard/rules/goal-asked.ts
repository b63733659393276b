import type { ScorecardCheck } from "@parley/shared/scorecard";
import { agentLines, calleeLines, conversed, fail, notApplicable, pass, type ScoreInput } from "../score-input.ts";
import { isOptOut } from "./opt-out.ts";
import { sharedTerms } from "./questions.ts";

// A goal that is a meeting of some kind is asked by proposing one ("what day and time would suit you?").
const MEETING_GOAL = /\b(?:meeting|demo|appointment|call|consultation|visit|viewing|tour|session|book)/i;
const PROPOSES_MEETING =
  /\b(?:meeting|demo|appointment|consultation|viewing|what day|what time|day and time|book (?:you|a)|schedule)\b/i;
// "Would you…?", "Shall I…?", "Are you interested in…?": the agent asks, rather than states.
const ASKING = /\?|\b(?:would you|shall i|can i|could we|are you (?:interested|open)|how about|do you want)\b/i;

/** The agent asks for what the campaign is for (its goal; a meeting when it names none) before the call ends. */
export function goalAsked(s: ScoreInput): ScorecardCheck {
  const agent = agentLines(s);
  if (!conversed(s) || agent.length < 2)
    return notApplicable("goal_asked", "The lead left before the agent could ask.");
  const goal = s.goal.trim();
  const meeting = !goal || MEETING_GOAL.test(goal);
  const asks = agent.find(
    (l) =>
      ASKING.test(l.text) && ((goal && sharedTerms(goal, l.text) >= 0.5) || (meeting && PROPOSES_MEETING.test(l.text))),
  );
  const optOut = calleeLines(s).find((l) => isOptOut(l.text));
  if (optOut && (!asks || asks.index > optOut.index))
    return notApplicable("goal_asked", "The lead asked not to be called before the agent asked.");
  const what = goal ? `the campaign's goal ("${goal}")` : "for a meeting";
  if (asks) return pass("goal_asked", `The agent asked ${what}.`, asks);
  return fail("goal_asked", `The call ended without the agent asking ${what}.`, agent[agent.length - 1]);
}
