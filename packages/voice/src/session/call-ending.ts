import type { CallLeg, EndReason } from "../telephony/call-leg.ts";
import type { CallState } from "./call-state.ts";
import type { SessionBus } from "./session-bus.ts";

/**
 * How the call ends: the leg's own end, our hang-up, or a hang-up held until the agent has finished
 * speaking (a goodbye, a voicemail message, the last check-in). `reason` settles once, with the first cause.
 */
export function createCallEnding(leg: CallLeg, state: Pick<CallState, "ended">, bus: SessionBus) {
  let afterSpeech = false;
  let detail: string | undefined;
  let resolve: (reason: EndReason) => void = () => {};
  const reason = new Promise<EndReason>((r) => {
    resolve = r;
  });

  function hangup(why: EndReason): void {
    if (state.ended) return;
    leg.hangup();
    resolve(why);
  }

  // An agent turn is over: a pending hang-up happens now.
  bus.on("agent-turn-finished", () => {
    if (afterSpeech && !state.ended) hangup("completed");
  });
  // The callee interrupted: the goodbye they cut off no longer ends the call.
  bus.on("agent-interrupted", () => {
    afterSpeech = false;
  });

  return {
    reason,
    /** The session has begun to wrap up: nothing more is said or replied. */
    markEnded(): void {
      state.ended = true;
    },
    hangup,
    /** The leg reports the call over (the callee hung up, or it never connected), with the carrier's words. */
    legEnded(why: EndReason, carrierDetail?: string): void {
      detail ??= carrierDetail;
      resolve(why);
    },
    /** What the carrier said about the end (a SIP status, a dead line), when the leg ended the call. */
    detail: () => detail,
    /** Hang up once the agent's current or next turn has been played. */
    hangUpAfterSpeech(): void {
      afterSpeech = true;
    },
  };
}

export type CallEnding = ReturnType<typeof createCallEnding>;
