import type { CallLeg, EndReason } from "../telephony/call-leg.ts";

/**
 * How the call ends: the leg's own end, our hang-up, or a hang-up held until the agent has finished
 * speaking (a goodbye, a voicemail message, the last check-in). `reason` settles once, with the first cause.
 */
export function createCallEnding(leg: CallLeg) {
  let ended = false;
  let afterSpeech = false;
  let detail: string | undefined;
  let resolve: (reason: EndReason) => void = () => {};
  const reason = new Promise<EndReason>((r) => (resolve = r));

  function hangup(why: EndReason): void {
    if (ended) return;
    leg.hangup();
    resolve(why);
  }

  return {
    reason,
    /** The session has begun to wrap up: nothing more is said or replied. */
    markEnded: () => void (ended = true),
    isEnded: () => ended,
    hangup,
    /** The leg reports the call over (the callee hung up, or it never connected), with the carrier's words. */
    legEnded(why: EndReason, carrierDetail?: string): void {
      detail ??= carrierDetail;
      resolve(why);
    },
    /** What the carrier said about the end (a SIP status, a dead line), when the leg ended the call. */
    detail: () => detail,
    /** Hang up once the agent's current or next turn has been played. */
    hangUpAfterSpeech: () => void (afterSpeech = true),
    /** The callee interrupted: the goodbye they cut off no longer ends the call. */
    keepTalking: () => void (afterSpeech = false),
    /** Called when an agent turn is over. */
    agentFinished(): void {
      if (afterSpeech && !ended) hangup("completed");
    },
  };
}

export type CallEnding = ReturnType<typeof createCallEnding>;
