import type { ScorecardCheck } from "@parley/shared/scorecard";
import {
  agentLines,
  calleeLines,
  conversed,
  fail,
  type Line,
  notApplicable,
  pass,
  spoken,
  type ScoreInput,
} from "../score-input.ts";
import { LIMITS } from "./limits.ts";

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const talk = (lines: Line[]) => lines.reduce((sum, l) => sum + Math.max(0, l.endMs - l.startMs), 0);

/** The callee hears the agent soon after picking up (the greeting is made while the phone rings). */
export function firstWord(s: ScoreInput): ScorecardCheck {
  const first = agentLines(s)[0];
  if (!s.answered || !first) return notApplicable("first_word", "The agent never spoke on this call.");
  const ms = Math.max(0, first.startMs);
  const said = `The agent's first word came ${secs(ms)} after the pick-up`;
  return ms <= LIMITS.firstWordMs
    ? pass("first_word", `${said}.`, first, ms)
    : fail("first_word", `${said}, over ${secs(LIMITS.firstWordMs)}.`, first, ms);
}

/** The agent's share of the talking: a callee who only says "yes" between monologues is not in a conversation. */
export function talkRatio(s: ScoreInput): ScorecardCheck {
  const agent = agentLines(s);
  const callee = calleeLines(s);
  if (!conversed(s) || callee.length < LIMITS.talkRatioMinCalleeTurns)
    return notApplicable("talk_ratio", "Too short an exchange to weigh who talked.");
  const a = talk(agent);
  const share = a / Math.max(1, a + talk(callee));
  const longest = agent.reduce((m, l) => (l.endMs - l.startMs > m.endMs - m.startMs ? l : m), agent[0]!);
  const said = `The agent spoke ${Math.round(share * 100)}% of the time`;
  return share <= LIMITS.agentTalkShare
    ? pass("talk_ratio", `${said}.`, longest, share)
    : fail("talk_ratio", `${said}; its longest turn is this one.`, longest, share);
}

/** The longest dead air the agent left: from the end of the callee's words to the agent's next words. */
export function longestSilence(s: ScoreInput): ScorecardCheck {
  if (!conversed(s)) return notApplicable("longest_silence", "No conversation to time.");
  const lines = spoken(s.lines);
  let worst: { line: Line; ms: number } | null = null;
  for (let i = 1; i < lines.length; i++) {
    const [before, line] = [lines[i - 1]!, lines[i]!];
    if (before.speaker !== "callee" || line.speaker !== "agent") continue;
    const ms = line.startMs - before.endMs;
    if (!worst || ms > worst.ms) worst = { line, ms };
  }
  if (!worst) return notApplicable("longest_silence", "The agent never answered the callee.");
  const said = `The longest wait for the agent was ${secs(Math.max(0, worst.ms))}`;
  return worst.ms <= LIMITS.silenceMs
    ? pass("longest_silence", `${said}.`, worst.line, worst.ms)
    : fail("longest_silence", `${said}, over ${secs(LIMITS.silenceMs)}.`, worst.line, worst.ms);
}
