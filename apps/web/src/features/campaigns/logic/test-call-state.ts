import type { TranscriptTurn } from "@parley/shared/calls";
import { WebCallServerMessage } from "@parley/shared/web-call";

/** What the Test call panel shows, driven by the server's messages (packages/shared/src/web-call.ts). */
export type TestCallStatus = "idle" | "connecting" | "live" | "ended" | "failed";

export type TestCallState = {
  status: TestCallStatus;
  turns: TranscriptTurn[];
  agentSpeaking: boolean;
  micLevel: number;
  error: string | null;
  outcome: string | null;
};

/** One server text message, or null when it is not one this app knows (ignored, never fatal). */
export function parseServerMessage(text: string): WebCallServerMessage | null {
  try {
    const r = WebCallServerMessage.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** The screen's state after one server message. */
export function reduce(s: TestCallState, m: WebCallServerMessage): TestCallState {
  switch (m.type) {
    case "ready":
      return { ...s, status: "live" };
    // A turn arrives once complete (the callee's after recognition): keep them in the order they began.
    case "transcript":
      return { ...s, turns: [...s.turns, m.turn].sort((a, b) => a.startMs - b.startMs) };
    case "agent_speaking":
      return { ...s, agentSpeaking: m.speaking };
    case "ended":
      return { ...s, status: "ended", agentSpeaking: false, micLevel: 0, outcome: m.outcome };
    case "error":
      return { ...s, status: "failed", agentSpeaking: false, micLevel: 0, error: m.message };
    default:
      return s;
  }
}
