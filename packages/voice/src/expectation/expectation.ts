/**
 * What the agent's last turn expects the callee to answer, and the answer heard. The brain says what it expects, the
 * session hands it to the recognition stream for the next utterance, and the stream listens for those answers beside
 * open speech (pocketsphinx: a small model of the answers' forms; any engine: the answer read from the words).
 */
export type Expectation =
  | { kind: "yes-no" }
  /** Digits, amounts, counts: said as digits ("two nine three") or as numbers ("forty two"). */
  | { kind: "number" }
  /** A day and a time, read in `timezone` relative to `now` (default: the clock's, UTC). */
  | { kind: "time"; now?: Date; timezone?: string }
  /** One of the named options ("the morning", "premium"). */
  | { kind: "choice"; options: string[] }
  | { kind: "open" };

export type ExpectationKind = Expectation["kind"];

/** What the callee answered: "yes"/"no", the number's digits, the ISO time, or the option's name. */
export type Answer =
  | { kind: "yes-no"; value: "yes" | "no" }
  | { kind: "number"; value: string }
  | { kind: "time"; value: string }
  | { kind: "choice"; value: string };

/**
 * An utterance heard under an expectation: `answer` taken, or `askAgain` (the engine heard an answer but could not be
 * sure which), or neither: open speech, outside the expected answers, for the brain to handle as any other words.
 */
export type HeardAnswer = { answer: Answer | null; askAgain: boolean };

export const OPEN: Expectation = { kind: "open" };

export const isClosed = (e: Expectation | undefined): boolean => e !== undefined && e.kind !== "open";

/**
 * Whether two expectations listen for the same answers (the same kind, options and time zone): a question asked
 * again, or another question with the same answers, keeps the recogniser's expectation as it is.
 */
export const sameQuestion = (a: Expectation, b: Expectation): boolean =>
  a.kind === b.kind &&
  (a.kind !== "choice" || (b.kind === "choice" && a.options.join("|") === b.options.join("|"))) &&
  (a.kind !== "time" || (b.kind === "time" && a.timezone === b.timezone));

export const sameAnswer = (a: Answer | null, b: Answer | null): boolean =>
  a !== null && b !== null && a.kind === b.kind && a.value === b.value;

/** The answer as a plain value ("yes", "42", an ISO time, an option), or null. */
export const answerValue = (a: Answer | null): string | null => a?.value ?? null;
