import type { ScorecardCheck } from "@parley/shared/scorecard";
import { agentLines, calleeLines, conversed, fail, notApplicable, pass, type ScoreInput } from "../score-input.ts";
import { LIMITS } from "./limits.ts";

/** The agent never starts talking while the callee is still speaking. */
export function agentInterrupted(s: ScoreInput): ScorecardCheck {
  if (!conversed(s)) return notApplicable("agent_interrupted", "No conversation.");
  const callee = calleeLines(s);
  const over = agentLines(s).filter((a) =>
    callee.some((c) => c.startMs < a.startMs && c.endMs - a.startMs > LIMITS.overlapMs),
  );
  if (!over.length) return pass("agent_interrupted", "The agent never spoke over the lead.", null, 0);
  const times = over.length === 1 ? "once" : `${over.length} times`;
  return fail(
    "agent_interrupted",
    `The agent started talking over the lead ${times}; first here.`,
    over[0],
    over.length,
  );
}

/** The callee cuts the agent off now and then; often means the agent talks too long or past what was asked. */
export function calleeInterrupted(s: ScoreInput): ScorecardCheck {
  if (!conversed(s)) return notApplicable("callee_interrupted", "No conversation.");
  const cut = agentLines(s).filter((a) => a.interrupted);
  const n = cut.length;
  const said = n ? `The lead cut the agent off ${n === 1 ? "once" : `${n} times`}` : "The lead never cut the agent off";
  if (n < LIMITS.calleeInterruptions) return pass("callee_interrupted", `${said}.`, cut[0] ?? null, n);
  return fail("callee_interrupted", `${said}; first here.`, cut[0], n);
}
