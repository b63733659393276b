/** What ended an attempt. Retryable ones mean nobody was reached or the line failed. */
export type AttemptOutcome =
  | "interested"
  | "not_interested"
  | "follow_up"
  | "scheduled"
  | "transferred"
  | "completed"
  | "do_not_call"
  | "voicemail"
  | "no_answer"
  | "busy"
  | "failed"
  | "dropped"
  /**
   * The callee spoke but the server was too busy to recognise the words: someone answered, so it is never retried
   * as a no-answer (what they said may have been a no; a person follows it up from the recording).
   */
  | "not_understood";

const RETRYABLE = new Set<AttemptOutcome>(["voicemail", "no_answer", "busy", "failed", "dropped"]);

export type RetryRules = { maxAttempts: number; timeGapSeconds: number; backoff: boolean };

export type RetryDecision = { retry: false } | { retry: true; notBefore: Date };

/**
 * After an attempt: retry only when nobody reached an outcome and attempts remain; the gap doubles with
 * each failed attempt when the campaign asks for back-off (2 h, 4 h, 8 h…). A callback the callee asked
 * for (`callbackAt`) wins even after a conversation, while attempts remain.
 */
export function decideRetry(
  outcome: AttemptOutcome,
  attemptsMade: number,
  endedAt: Date,
  rules: RetryRules,
  callbackAt?: Date | null,
): RetryDecision {
  // max_attempts bounds callbacks too: a callee who says "call me tomorrow" on every call is not dialled forever.
  if (attemptsMade >= rules.maxAttempts) return { retry: false };
  if (callbackAt) return { retry: true, notBefore: callbackAt };
  if (!RETRYABLE.has(outcome)) return { retry: false };
  const factor = rules.backoff ? 2 ** (attemptsMade - 1) : 1;
  return { retry: true, notBefore: new Date(endedAt.getTime() + rules.timeGapSeconds * 1000 * factor) };
}

/** The carrier-failure breaker: over half of the last `window` finished attempts failed at the carrier. */
export function shouldTripBreaker(recent: readonly string[], window = 20): boolean {
  const last = recent.slice(-window);
  if (last.length < window) return false;
  return last.filter((o) => o === "failed").length * 2 > last.length;
}
