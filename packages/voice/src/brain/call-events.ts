import type { OutcomeAnswer } from "@parley/shared/outcome-fields";
/** What the agent's tools really did during a call: the facts a summary may state. */
export type CallEvent =
  | { kind: "booked"; start: Date }
  | { kind: "booking_refused"; requested: Date; reason: string; alternatives: Date[] }
  | { kind: "callback"; at: Date }
  | { kind: "dnc" }
  /** The agent ended the call on the callee's no (not interested), as it heard it: words or a taken answer. */
  | { kind: "declined" }
  | { kind: "answered"; question: string; source: "faq" | "knowledge_base" | "none" }
  /** The caller asked for a person and was put through (answered) or the person did not pick up. */
  | { kind: "transfer"; answered: boolean }
  /** A qualifying question's answer (or "not answered"), read from the callee's own words (qualifying/). */
  | { kind: "field_answer"; answer: OutcomeAnswer };
