import { type Expectation, OPEN } from "../../../../expectation/expectation.ts";

/**
 * Which expectation an utterance is heard under: the one set before its first frame. One set while the callee is
 * speaking applies from the next utterance, so an utterance is never heard half under one and half under another.
 */
export function createUtteranceExpectation(apply: (e: Expectation) => void = () => {}) {
  let current: Expectation = OPEN;
  let next: Expectation | null = null;
  let speaking = false;
  const use = (e: Expectation) => {
    current = e;
    apply(e);
  };
  return {
    expect(e: Expectation): void {
      if (speaking) next = e;
      else use(e);
    },
    /** A frame of the utterance was written. */
    wrote(): void {
      speaking = true;
    },
    get current(): Expectation {
      return current;
    },
    /** The utterance ended; what was set meanwhile applies now. */
    flushed(): void {
      speaking = false;
      if (next) use(next);
      next = null;
    },
  };
}
