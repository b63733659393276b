/** An action asked for in words the recognizer was unsure of, waiting for the callee's yes. */
export type PendingAction =
  | { kind: "book"; at: Date }
  | { kind: "callback"; at: Date }
  | { kind: "dnc" }
  | { kind: "end"; notInterested: boolean };
