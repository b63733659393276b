import { EventEmitter } from "node:events";
import type { TranscriptTurn } from "../brain/brain.ts";
import type { Answer } from "../expectation/expectation.ts";
import type { SttResult } from "../providers/stt/stt-provider.ts";
import type { SessionEvent } from "./session-types.ts";

/**
 * What STT made of an utterance; `lost`: it could not say (the engine failed), so the words are not known, which is
 * not the same as an utterance with no words in it.
 */
export type HeardResult = SttResult & { lost?: true };

/** One finished callee utterance; times are ms since the answer, what was heard arrives when STT is done. */
export type Utterance = {
  startMs: number;
  endMs: number;
  speechMs: number;
  heard: Promise<HeardResult>;
  text: Promise<string>;
};

/** What the parts of one call tell each other; the public `SessionEvent`s travel on the same bus. */
export type PartEvent =
  /** The callee stopped speaking (callee-listener); the words follow in `utterance.heard`. */
  | { type: "utterance"; utterance: Utterance }
  /** The callee has spoken over the agent for `bargeInMs` (callee-listener). */
  | { type: "barge-in" }
  /** The callee has talked without a pause for `machineGreetingMs` (callee-listener). */
  | { type: "long-greeting" }
  | { type: "beep" }
  /** The callee answered the agent's question with keys (callee-answers); `text` is how the transcript says it. */
  | { type: "keyed"; text: string; answer: Answer }
  /** An utterance's words are recognised and the call is still on (callee-turns). */
  | { type: "heard"; text: string }
  /** An agent frame as it leaves, at its time since the answer (agent-speaker). */
  | { type: "agent-frame"; frame: Int16Array; atMs: number }
  /** What the callee heard of a finished agent turn (agent-speaker). */
  | { type: "agent-turn"; turn: TranscriptTurn }
  /** Speech synthesis failed mid-turn (agent-speaker). */
  | { type: "agent-error"; message: string; atMs: number }
  /** An agent turn is over: played, cut off, or closed by the end of the call (agent-speaker). */
  | { type: "agent-turn-finished" }
  /** The agent was cut off: the rest of its turn is dropped (agent-speaker). */
  | { type: "agent-interrupted" }
  /** A person took the call over, or handed it back (take-over). */
  | { type: "held"; held: boolean }
  /** The brain asked to put the caller through to a person. */
  | { type: "transfer-requested"; reason: string };

export type BusEvent = SessionEvent | PartEvent;
type EventOf<T extends BusEvent["type"]> = Extract<BusEvent, { type: T }>;

export const PUBLIC_EVENTS: SessionEvent["type"][] = [
  "ringing",
  "answered",
  "turn",
  "voicemail",
  "dtmf",
  "transfer",
  "ended",
];

/**
 * The call's typed event bus: a part reports what happened, and the parts built after it react. Handlers run
 * at once, in the order they subscribed (the order the parts were built).
 */
export function createSessionBus() {
  const emitter = new EventEmitter();
  return {
    on<T extends BusEvent["type"]>(type: T, handler: (event: EventOf<T>) => void): void {
      emitter.on(type, handler);
    },
    emit(event: BusEvent): void {
      emitter.emit(event.type, event);
    },
  };
}

export type SessionBus = ReturnType<typeof createSessionBus>;
