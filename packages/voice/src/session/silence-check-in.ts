import type { Brain } from "../brain/brain.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";
import type { CallEnding } from "./call-ending.ts";
import type { CallState } from "./call-state.ts";
import type { SessionBus } from "./session-bus.ts";

type CheckInDeps = {
  state: CallState;
  /** Silence before the agent checks in. */
  checkInAfterMs: number;
  brain: Pick<Brain, "onSilence">;
  speaker: Pick<AgentSpeaker, "say">;
  ending: Pick<CallEnding, "hangUpAfterSpeech">;
  /** Tells when someone spoke or finished speaking. */
  bus: SessionBus;
};

const CHECK_EVERY_MS = 250;
const CHECK_INS_BEFORE_GOODBYE = 2;

/** Nothing is awkward yet: not answered, someone holds the floor, or words are still being recognised. */
function floorTaken(s: CallState): boolean {
  return (
    !s.answeredAt ||
    s.ended ||
    s.held ||
    s.agent !== "silent" ||
    s.recognizing > 0 ||
    s.calleeSpeaking ||
    s.voicemail !== "no"
  );
}

/**
 * Silence on the line: after `checkInAfterMs` with nobody speaking the agent checks in ("Are you still
 * there?"), and at the second check-in in a row it says goodbye and hangs up. Any reply from the callee
 * starts again.
 */
export function createSilenceCheckIns(d: CheckInDeps) {
  const { state } = d;
  let lastActivityMs = 0;
  let silences = 0;
  let timer: NodeJS.Timeout | null = null;

  function tick(): void {
    if (floorTaken(state) || state.now() - lastActivityMs < d.checkInAfterMs) return;
    silences++;
    const last = silences >= CHECK_INS_BEFORE_GOODBYE;
    if (last) d.ending.hangUpAfterSpeech();
    d.speaker.say(d.brain.onSilence(silences));
  }

  // The silence starts again when someone speaks or finishes speaking.
  const activity = () => {
    lastActivityMs = state.now();
  };
  d.bus.on("agent-turn-finished", activity);
  d.bus.on("utterance", activity);
  d.bus.on("heard", activity);
  d.bus.on("held", (e) => e.held || activity()); // the agent has the call again
  // The callee said something: the next check-in is a first one again.
  d.bus.on("turn", (e) => {
    if (e.turn.speaker !== "callee") return;
    silences = 0;
    activity();
  });

  return {
    tick,
    start(): void {
      timer ??= setInterval(tick, CHECK_EVERY_MS);
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
