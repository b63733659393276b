type CheckInDeps = {
  /** ms since the answer. */
  now(): number;
  /** Silence before the agent checks in. */
  checkInAfterMs: number;
  /** Nothing is awkward yet: not answered, someone holds the floor, or words are still being recognised. */
  busy(): boolean;
  /** The n-th check-in in a row; after the `last` the agent hangs up. */
  checkIn(n: number, last: boolean): void;
};

const CHECK_EVERY_MS = 250;
const CHECK_INS_BEFORE_GOODBYE = 2;

/**
 * Silence on the line: after `checkInAfterMs` with nobody speaking the agent checks in ("Are you still
 * there?"), and at the second check-in in a row it says goodbye. Any reply from the callee starts again.
 */
export function createSilenceCheckIns(d: CheckInDeps) {
  let lastActivityMs = 0;
  let silences = 0;
  let timer: NodeJS.Timeout | null = null;

  function tick(): void {
    if (d.busy() || d.now() - lastActivityMs < d.checkInAfterMs) return;
    silences++;
    d.checkIn(silences, silences >= CHECK_INS_BEFORE_GOODBYE);
  }

  return {
    tick,
    /** Someone just spoke or finished speaking: the silence starts now. */
    activity: () => void (lastActivityMs = d.now()),
    /** The callee said something: the next check-in is a first one again. */
    calleeReplied(): void {
      silences = 0;
      lastActivityMs = d.now();
    },
    start(): void {
      timer ??= setInterval(tick, CHECK_EVERY_MS);
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type SilenceCheckIns = ReturnType<typeof createSilenceCheckIns>;
