/**
 * The bars the timing checks hold a call to (docs/scorecard.md says why each is where it is). A product choice,
 * not a measurement: change them here and the docs together.
 */
export const LIMITS = {
  /** The session opens with a ready "Hello!" when the greeting is late (session/greeting.ts): 1.5 s is its promise. */
  firstWordMs: 1500,
  /** Most of a sales call is the agent's, but a callee who barely speaks is being talked at. */
  agentTalkShare: 0.85,
  /** Fewer callee turns than this is a greeting and a goodbye: no ratio is judged. */
  talkRatioMinCalleeTurns: 2,
  /** A pause a person on the phone notices and fills ("hello?"). */
  silenceMs: 3000,
  /** The callee cutting the agent off this many times means the agent talks too long. */
  calleeInterruptions: 3,
  /** An agent line starting this long before the callee's words ended talked over them (not a touch of overlap). */
  overlapMs: 300,
};
