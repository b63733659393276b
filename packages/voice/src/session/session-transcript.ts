import type { TranscriptTurn } from "../brain/brain.ts";

/** The conversation as it happened; each turn is announced (live transcript) as it is added. */
export function createSessionTranscript(onTurn: (turn: TranscriptTurn) => void) {
  const turns: TranscriptTurn[] = [];
  return {
    turns,
    push(turn: TranscriptTurn): void {
      turns.push(turn);
      onTurn(turn);
    },
    calleeSpoke: () => turns.some((x) => x.speaker === "callee"),
  };
}

export type SessionTranscript = ReturnType<typeof createSessionTranscript>;
