import type { ScorecardCheck } from "@parley/shared/scorecard";
import { calleeLines, fail, notApplicable, pass, spoken, type ScoreInput } from "../score-input.ts";

// "Stop calling me", "don't call me again", "take me off your list", "remove my number", "put me on your
// do not call list", "unsubscribe": the callee asks never to be called again (not merely "not interested").
const OPT_OUT = new RegExp(
  [
    String.raw`\bstop (?:calling|ringing|phoning|contacting)\b`,
    String.raw`\b(?:don't|do not|dont|never) (?:call|ring|phone|contact) (?:me|us|this number|here)\b`,
    String.raw`\b(?:take|remove|delete) (?:me|my (?:number|name|details)|this number|us) (?:off|from)\b`,
    String.raw`\bremove my (?:number|name|details)\b`,
    String.raw`\bdo[ -]not[ -]call list\b`,
    String.raw`\bunsubscribe\b`,
  ].join("|"),
  "i",
);

/** The agent lines allowed after an opt-out: one "just to be sure?" on doubtful words, then the goodbye. */
const AGENT_LINES_AFTER = 2;

export const isOptOut = (text: string) => OPT_OUT.test(text);

/**
 * An opt-out is honoured at once: the number goes on the do-not-call list (the call's outcome) and the agent
 * says goodbye rather than carrying on. A key press opt-out leaves the outcome without words to point at.
 */
export function optOutHonoured(s: ScoreInput): ScorecardCheck {
  const asked = calleeLines(s).find((l) => isOptOut(l.text));
  const listed = s.outcome === "do_not_call";
  if (!asked && !listed) return notApplicable("opt_out_honoured", "The lead did not ask to stop being called.");
  if (!asked) return pass("opt_out_honoured", "The number was put on the do-not-call list (a key press).");
  if (!listed)
    return fail("opt_out_honoured", "The lead asked not to be called again; the number was not listed.", asked);
  const after = spoken(s.lines).filter((l) => l.index > asked.index && l.speaker === "agent");
  const extra = after[AGENT_LINES_AFTER];
  if (extra) return fail("opt_out_honoured", "The number was listed, but the agent carried on talking.", extra);
  return pass("opt_out_honoured", "The number was put on the do-not-call list and the call ended.", asked);
}
