import type { CallLeg } from "../telephony/call-leg.ts";

/** Which side of the call a frame is from. */
export type CallSide = "agent" | "callee";

/** What a person listening in may do to the call (the session gives these to the tap when it starts). */
export type LiveControls = {
  /** The person takes the call: the agent stops talking and stops listening until `handBack`. */
  takeOver(): void;
  /** One frame of the person's voice at the leg's rate, sent to the callee while the call is taken over. */
  staffFrame(frame: Int16Array): void;
  /** The agent has the call again and listens from here on. */
  handBack(): void;
};

/**
 * The server's view into one live call: every frame of both sides as the call carries them, and the controls
 * to take the call over. Optional: a call nobody may listen to (a load test) runs without one.
 */
export type LiveTap = {
  frame(side: CallSide, frame: Int16Array): void;
  attach(controls: LiveControls): void;
};

type TakeOverDeps = {
  leg: CallLeg;
  isEnded(): boolean;
  /** Stops the agent mid-sentence (and forgets a pending hang-up: the person decides now). */
  interrupt(): void;
  /** The person's voice goes into the recording's agent channel: the recording is of the whole call. */
  record(frame: Int16Array): void;
  /** Silence check-ins restart their clock when the agent has the call again. */
  resumed(): void;
};

/**
 * A person's take-over of a live call. While held, callee audio is not fed to the agent's listener (it
 * would answer a conversation it is not part of) and the agent's own frames do not reach the callee.
 */
export function createTakeOver(d: TakeOverDeps) {
  let held = false;
  const controls: LiveControls = {
    takeOver() {
      if (held || d.isEnded()) return;
      held = true;
      d.interrupt();
    },
    staffFrame(frame) {
      if (!held || d.isEnded()) return;
      d.leg.send(frame);
      d.record(frame);
    },
    handBack() {
      if (!held) return;
      held = false;
      d.resumed();
    },
  };
  return {
    controls,
    held: () => held,
    /** The leg the agent's speaker uses: mute while a person holds the call. */
    agentLeg: {
      sampleRate: d.leg.sampleRate,
      on: (l) => d.leg.on(l),
      send: (frame) => void (held || d.leg.send(frame)),
      clear: () => d.leg.clear(),
      hangup: () => d.leg.hangup(),
    } satisfies CallLeg,
  };
}
