import type { TranscriptTurn } from "../brain/brain.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";
import type { CallEnding } from "./call-ending.ts";
import type { CallState } from "./call-state.ts";
import type { SessionBus } from "./session-bus.ts";

type MachineDeps = {
  /** The machine writes `voicemail`. */
  state: Pick<CallState, "now" | "agent" | "voicemail">;
  /** Hears the listener's signs (a long greeting, a beep) and the callee's recognised words. */
  bus: SessionBus;
  /** Callee speech at the start longer than this is a machine's greeting. */
  machineGreetingMs: number;
  /** The message for this contact. */
  message(): string;
  speaker: Pick<AgentSpeaker, "say" | "interrupt">;
  ending: Pick<CallEnding, "hangUpAfterSpeech">;
};

/** A machine's greeting may never end with a beep we hear: give up waiting for one after this long. */
const BEEP_WAIT_MS = 20_000;
/** No beep: the message is left once the greeting has been quiet this long. */
const QUIET_AFTER_GREETING_MS = 2500;
/** A long monologue only means a machine near the start of the call; later it is a talkative person. */
const GREETING_WINDOW_MS = 6000;

/**
 * Answering machines: recognised by the carrier's verdict or by a long opening monologue, then the agent
 * waits for the beep (or for the greeting to go quiet) and leaves its message once. A callee who has
 * spoken like a person (a reply, or the carrier's "human") is never taken for a machine.
 */
export function createAnsweringMachine(d: MachineDeps) {
  const { state } = d;
  let human = false;
  let fallback: NodeJS.Timeout | null = null;
  let message = "";

  function waitQuiet(ms = QUIET_AFTER_GREETING_MS): void {
    if (fallback) clearTimeout(fallback);
    fallback = setTimeout(() => state.voicemail === "listening" && leave(), ms);
  }

  function detected(): void {
    state.voicemail = "listening";
    d.bus.emit({ type: "voicemail" });
    // A machine answered: stop whatever the agent was saying to a person.
    if (state.agent !== "silent") d.speaker.interrupt();
    waitQuiet(BEEP_WAIT_MS);
  }

  function leave(): void {
    state.voicemail = "leaving";
    if (fallback) clearTimeout(fallback);
    message = d.message();
    d.ending.hangUpAfterSpeech();
    d.speaker.say(message);
  }

  function markHuman(): void {
    human = true;
  }

  // The callee has talked without a pause for `machineGreetingMs`.
  d.bus.on("long-greeting", () => {
    if (!human && state.voicemail === "no" && state.now() < d.machineGreetingMs + GREETING_WINDOW_MS) detected();
  });
  d.bus.on("beep", () => {
    if (state.voicemail === "listening") leave();
  });
  // Words from a machine's greeting mean it said something more (the quiet after it starts again); from a
  // person, that they answer like one.
  d.bus.on("heard", () => {
    if (state.voicemail === "no") markHuman();
    else if (state.voicemail === "listening") waitQuiet();
  });

  return {
    /** The carrier says a machine answered. */
    carrierSaysMachine(): void {
      if (state.voicemail === "no") detected();
    },
    /** The carrier says a person answered. */
    markHuman,
    /** Whether the whole message was played (not cut off by a hang-up). */
    messageLeft(turns: TranscriptTurn[]): boolean {
      return message !== "" && turns.some((x) => x.speaker === "agent" && !x.interrupted && x.text === message.trim());
    },
    stop(): void {
      if (fallback) clearTimeout(fallback);
    },
  };
}

export type AnsweringMachine = ReturnType<typeof createAnsweringMachine>;
