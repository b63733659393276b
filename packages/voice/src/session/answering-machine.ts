import type { TranscriptTurn } from "../brain/brain.ts";

/** Where the call stands with an answering machine: none, hearing its greeting, leaving the message. */
export type VoicemailState = "no" | "listening" | "leaving";

type MachineDeps = {
  /** ms since the answer. */
  now(): number;
  /** Callee speech at the start longer than this is a machine's greeting. */
  machineGreetingMs: number;
  /** A machine answered: stop whatever the agent was saying to a person. */
  onDetected(): void;
  /** The message for this contact. */
  message(): string;
  /** Say it, then hang up. */
  speakThenHangUp(text: string): void;
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
  let state: VoicemailState = "no";
  let human = false;
  let fallback: NodeJS.Timeout | null = null;
  let message = "";

  function waitQuiet(ms = QUIET_AFTER_GREETING_MS): void {
    if (fallback) clearTimeout(fallback);
    fallback = setTimeout(() => state === "listening" && leave(), ms);
  }

  function detected(): void {
    state = "listening";
    d.onDetected();
    waitQuiet(BEEP_WAIT_MS);
  }

  function leave(): void {
    state = "leaving";
    if (fallback) clearTimeout(fallback);
    message = d.message();
    d.speakThenHangUp(message);
  }

  return {
    state: () => state,
    /** A machine is (or was) on the line: nothing the callee says is a reply. */
    active: () => state !== "no",
    /** The carrier says a machine answered. */
    carrierSaysMachine(): void {
      if (state === "no") detected();
    },
    /** The callee spoke like a person (or the carrier says so). */
    markHuman: () => void (human = true),
    /** The callee has talked without a pause for `machineGreetingMs`. */
    longGreeting(): void {
      if (!human && state === "no" && d.now() < d.machineGreetingMs + GREETING_WINDOW_MS) detected();
    },
    beep(): void {
      if (state === "listening") leave();
    },
    /** The machine's greeting said something more: the quiet after it starts again. */
    heardGreeting(): void {
      if (state === "listening") waitQuiet();
    },
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
