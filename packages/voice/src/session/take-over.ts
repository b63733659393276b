import type { CallLeg } from "../telephony/call-leg.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";
import type { CallRecorder } from "./call-recorder.ts";
import type { CallState } from "./call-state.ts";
import type { LiveControls } from "./live-tap.ts";
import type { SessionBus } from "./session-bus.ts";

type TakeOverDeps = {
  leg: CallLeg;
  state: CallState;
  bus: SessionBus;
  speaker: Pick<AgentSpeaker, "interrupt">;
  recorder: Pick<CallRecorder, "agent">;
};

/**
 * A person's take-over of a live call (listening in, or a bridged transfer). While `state.held`, callee audio
 * is not fed to the agent's listener (it would answer a conversation it is not part of) and the agent's own
 * frames do not reach the callee; the person's voice goes into the recording's agent channel.
 */
export function createTakeOver({ leg, state, bus, speaker, recorder }: TakeOverDeps): LiveControls {
  return {
    takeOver() {
      if (state.held || state.ended) return;
      state.held = true;
      speaker.interrupt();
      bus.emit({ type: "held", held: true });
    },
    staffFrame(frame) {
      if (!state.held || state.ended) return;
      leg.send(frame);
      recorder.agent(frame, state.now());
    },
    handBack() {
      if (!state.held) return;
      state.held = false;
      bus.emit({ type: "held", held: false });
    },
  };
}
