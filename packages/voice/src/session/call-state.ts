/** What the agent is doing: silent, holding the floor (speaking or about to), or paused by a barge-in. */
export type AgentFloor = "silent" | "speaking" | "paused";

/** Where the call stands with an answering machine: none, hearing its greeting, leaving the message. */
export type VoicemailState = "no" | "listening" | "leaving";

/**
 * What every part of one call may read. Each field is written by one part only (named beside it), so a new
 * behaviour reads the state it needs instead of asking three parts through callbacks.
 */
export type CallState = {
  /** When the callee picked up, on the app's clock (which a test may move; the brain reads the same); the session. */
  answeredAt: Date | null;
  /** ms since the pick-up, on the performance clock. */
  now(): number;
  /** The session is wrapping up: nothing more is said or replied; call-ending. */
  ended: boolean;
  /** A person (a take-over, a transfer) holds the call: the agent neither speaks nor hears; take-over. */
  held: boolean;
  /** agent-speaker. */
  agent: AgentFloor;
  /** The callee is speaking now (an utterance has started and not yet ended); callee-listener. */
  calleeSpeaking: boolean;
  /** Callee utterances being recognised, or words held for the rest of their phrase; callee-turns. */
  recognizing: number;
  /** answering-machine. */
  voicemail: VoicemailState;
};

export function createCallState(): CallState & { answer(at: Date): void } {
  let answeredPerf = 0;
  const state = {
    answeredAt: null as Date | null,
    now: () => performance.now() - answeredPerf,
    ended: false,
    held: false,
    agent: "silent" as AgentFloor,
    calleeSpeaking: false,
    recognizing: 0,
    voicemail: "no" as VoicemailState,
    /** The callee picked up: call times count from here. */
    answer(at: Date): void {
      answeredPerf = performance.now();
      state.answeredAt = at;
    },
  };
  return state;
}
