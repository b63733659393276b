import type { HeardAnswer } from "../expectation/expectation.ts";
import { judgeCompleteness } from "../turn-taking/utterance-completeness.ts";

/**
 * Recognised callee words, with when they were said (ms since the answer) and the answer they gave to what was
 * expected (words joined to held ones give none of their own).
 */
export type HeardWords = {
  text: string;
  startMs: number;
  endMs: number;
  confidence: number | null;
  answer?: HeardAnswer;
};

type HoldDeps = {
  now(): number;
  /** How long after the words end the agent waits for the rest of the phrase. */
  waitMs: number;
  /** The callee is talking again: the rest is coming. */
  calleeSpeaking(): boolean;
  /** Nothing more came: answer the words as they are. */
  release(words: HeardWords): void;
};

const RECHECK_MS = 100;

/**
 * Words that stop mid-phrase ("I'd like to book it on") are not answered at once: the agent waits for the
 * rest ("Tuesday") and answers the whole phrase as one turn. The endpoint already waits longer when the
 * streaming recogniser's partial words stop mid-phrase; this catches what it could not see (an engine without
 * partials, or partial words that lag behind the audio on a busy machine), from the final text.
 */
export function createMidPhraseHold(d: HoldDeps) {
  let held: HeardWords | null = null;
  let timer: NodeJS.Timeout | null = null;

  function clear(): HeardWords | null {
    if (timer) clearTimeout(timer);
    timer = null;
    const w = held;
    held = null;
    return w;
  }

  function due(): void {
    timer = null;
    if (!held) return;
    if (d.calleeSpeaking()) {
      timer = setTimeout(due, RECHECK_MS);
      return;
    }
    const words = held;
    clear();
    d.release(words);
  }

  return {
    /** These words with the held ones before them: one turn. */
    join(words: HeardWords): HeardWords {
      const before = clear();
      if (!before) return words;
      const confidence =
        before.confidence === null || words.confidence === null
          ? (before.confidence ?? words.confidence)
          : Math.min(before.confidence, words.confidence);
      return { text: `${before.text} ${words.text}`, startMs: before.startMs, endMs: words.endMs, confidence };
    },
    /** Holds words that stop mid-phrase; true when they are held (the agent says nothing yet). */
    hold(words: HeardWords): boolean {
      if (judgeCompleteness(words.text) !== "incomplete") return false;
      held = words;
      timer = setTimeout(due, Math.max(0, words.endMs + d.waitMs - d.now()));
      return true;
    },
    holding: () => held !== null,
    /** The call ended: the held words, if any, for the transcript. */
    take: clear,
  };
}

export type MidPhraseHold = ReturnType<typeof createMidPhraseHold>;
