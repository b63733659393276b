import type { ScorecardCheck } from "@parley/shared/scorecard";
import { agentLines, fail, notApplicable, pass, type ScoreInput } from "../score-input.ts";

// "an AI assistant", "a virtual assistant", "an automated call", "I'm a bot": the callee hears it is not a person.
const AI = /\b(?:AI|A\.I\.|artificial intelligence|virtual (?:assistant|agent)|automated|a (?:bot|robot))\b/i;
// "This call is recorded", "this call may be recorded", "I'm recording this call".
const RECORDED = /\brecord(?:ed|ing)\b/i;

/** The agent says it is an AI in its first turn, before the callee has to ask. */
export function aiDisclosed(s: ScoreInput): ScorecardCheck {
  const first = agentLines(s)[0];
  if (!s.answered || !first) return notApplicable("ai_disclosed", "The agent never spoke on this call.");
  return AI.test(first.text)
    ? pass("ai_disclosed", "The agent's first turn says it is an AI.", first)
    : fail("ai_disclosed", "The agent's first turn does not say it is an AI.", first);
}

/** A recorded call says so in the agent's first turn; a voicemail message and an unrecorded call do not need to. */
export function recordingDisclosed(s: ScoreInput): ScorecardCheck {
  const first = agentLines(s)[0];
  if (!s.answered || !first) return notApplicable("recording_disclosed", "The agent never spoke on this call.");
  if (!s.recorded) return notApplicable("recording_disclosed", "This call was not recorded.");
  if (s.outcome === "voicemail") return notApplicable("recording_disclosed", "A message left on voicemail.");
  return RECORDED.test(first.text)
    ? pass("recording_disclosed", "The agent's first turn says the call is recorded.", first)
    : fail("recording_disclosed", "The call was recorded but the agent's first turn does not say so.", first);
}
