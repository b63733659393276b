import type { Brain } from "../brain/brain.ts";
import {
  type Answer,
  type Expectation,
  type HeardAnswer,
  isClosed,
  OPEN,
  sameQuestion,
} from "../expectation/expectation.ts";
import { answerFromWords } from "../expectation/heard-answer.ts";
import type { SttResult, SttStream } from "../providers/stt/stt-provider.ts";
import type { CallState } from "./call-state.ts";
import type { SessionBus } from "./session-bus.ts";

/** Digits keyed in for a number end with # or after this long without another key. */
export const NUMBER_KEYS_PAUSE_MS = 3000;

type CalleeAnswerDeps = {
  stt: Pick<SttStream, "expect">;
  brain: Pick<Brain, "expecting">;
  state: CallState;
  /** Reports keys taken as an answer (`keyed`). */
  bus: SessionBus;
  /** The key that opts the callee out (the server's); never taken as a yes or a no. */
  optOutDigit?: string | null;
  keysPauseMs?: number;
};

/** One question's expectation and when (ms since the answer) the agent had asked it. */
type Asked = { atMs: number; expectation: Expectation };

/**
 * What the callee is expected to answer, and the answer they gave. After each agent turn the brain's expectation
 * goes to the recognition stream; each utterance's answer is the engine's (the answers decoder) or, from an engine
 * that gives only words, read from them under the expectation it was said under. Keys answer too: 1 yes and 2 no to
 * a yes/no question, digits then # (or a pause) for a number. The opt-out key keeps its meaning except inside a
 * number, where every digit counts.
 */
export function createCalleeAnswers(d: CalleeAnswerDeps) {
  const asked: Asked[] = [{ atMs: Number.NEGATIVE_INFINITY, expectation: OPEN }];
  let keys = "";
  let keysTimer: NodeJS.Timeout | null = null;
  const current = () => asked.at(-1)!.expectation;

  function keyedIn(): void {
    if (keysTimer) clearTimeout(keysTimer);
    keysTimer = null;
    const value = keys;
    keys = "";
    if (value) answered(`${value.split("").join(" ")} (keyed in)`, { kind: "number", value });
  }

  const answered = (text: string, answer: Answer) => d.bus.emit({ type: "keyed", text, answer });

  return {
    /** The agent's turn is said (or its words are ready): the recogniser listens for what it expects. */
    listen(): void {
      const e = d.brain.expecting();
      if (sameQuestion(e, current())) return;
      keyedIn();
      asked.push({ atMs: d.state.answeredAt ? d.state.now() : Number.NEGATIVE_INFINITY, expectation: e });
      if (asked.length > 8) asked.shift();
      d.stt.expect?.(e);
    },

    /** The answer an utterance gives, under what was expected when it began; undefined when nothing was. */
    heardUnder(startMs: number, heard: SttResult): HeardAnswer | undefined {
      const e = [...asked].reverse().find((a) => a.atMs <= startMs)?.expectation ?? OPEN;
      if (!isClosed(e)) return undefined;
      if (heard.answer !== undefined || heard.askAgain !== undefined)
        return { answer: heard.answer ?? null, askAgain: heard.askAgain ?? false };
      return answerFromWords(e, heard);
    },

    /** A key pressed: true when it is (part of) an answer, so the server does not act on it as the opt-out key. */
    key(digit: string): boolean {
      const e = current();
      if (e.kind === "yes-no" && (digit === "1" || digit === "2") && digit !== d.optOutDigit) {
        const value = digit === "1" ? "yes" : "no";
        answered(`${value} (pressed ${digit})`, { kind: "yes-no", value });
        return true;
      }
      if (e.kind !== "number") return false;
      if (digit === "#") {
        keyedIn();
        return true;
      }
      if (!/^[0-9]$/.test(digit)) return false;
      keys += digit;
      if (keysTimer) clearTimeout(keysTimer);
      keysTimer = setTimeout(keyedIn, d.keysPauseMs ?? NUMBER_KEYS_PAUSE_MS);
      return true;
    },

    stop(): void {
      if (keysTimer) clearTimeout(keysTimer);
    },
  };
}

export type CalleeAnswers = ReturnType<typeof createCalleeAnswers>;
