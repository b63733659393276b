import type { TranscriptTurn } from "../brain/brain.ts";
import type { SessionBus } from "./session-bus.ts";

/**
 * The conversation as it happened. Each turn is announced (the live transcript) as it is added; the agent's
 * turns come from the speaker, and a synthesis error is shown live but not kept.
 */
export function createSessionTranscript(bus: SessionBus) {
  const turns: TranscriptTurn[] = [];
  function push(turn: TranscriptTurn): void {
    turns.push(turn);
    bus.emit({ type: "turn", turn });
  }
  bus.on("agent-turn", (e) => push(e.turn));
  bus.on("agent-error", (e) => {
    const at = Math.round(e.atMs);
    bus.emit({ type: "turn", turn: { speaker: "agent", text: `[error: ${e.message}]`, startMs: at, endMs: at } });
  });
  /** A line heard late (after the call, from its recording): placed where it was said. */
  function insert(turn: TranscriptTurn): void {
    const at = turns.findIndex((t) => t.startMs > turn.startMs);
    turns.splice(at < 0 ? turns.length : at, 0, turn);
    bus.emit({ type: "turn", turn });
  }
  return { turns, push, insert };
}

export type SessionTranscript = ReturnType<typeof createSessionTranscript>;
