import type { Brain } from "../brain/brain.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";
import type { AnsweringMachine } from "./answering-machine.ts";
import { isBackchannel } from "./backchannel.ts";
import type { Utterance } from "./callee-listener.ts";
import { createMidPhraseHold, type HeardWords } from "./mid-phrase-hold.ts";
import type { SessionTranscript } from "./session-transcript.ts";
import type { SilenceCheckIns } from "./silence-check-in.ts";

/** What the agent is doing when the callee's utterance has been recognised. */
export type AgentFloor = "silent" | "speaking" | "paused";

/**
 * What an utterance calls for: `resume` the paused agent (a backchannel, a cough), `ignore` it, `stop`
 * the agent without answering (a long sound with no words), or `reply` (cutting the agent off).
 */
export type UtteranceAction = "ignore" | "resume" | "stop" | "reply";

/** The turn-taking rule for one recognised utterance; `paused` means the callee barged in on the agent. */
export function actionFor(text: string, speechMs: number, agent: AgentFloor): UtteranceAction {
  if (agent === "paused") {
    // Barged in: a backchannel lets the agent go on; anything else is a real interruption.
    if (isBackchannel(text) || (!text && speechMs < 600)) return "resume";
    return text ? "reply" : "stop";
  }
  if (!text) return "ignore";
  // "yeah", "mm-hmm" while the agent talks is listening, not an answer.
  return agent === "speaking" && isBackchannel(text) ? "ignore" : "reply";
}

type CalleeTurnDeps = {
  now(): number;
  isEnded(): boolean;
  brain: Brain;
  speaker: AgentSpeaker;
  machine: AnsweringMachine;
  transcript: SessionTranscript;
  checkIns: SilenceCheckIns;
  /** Cut the agent off (and keep the call open if it was saying goodbye). */
  interrupt(): void;
  /** The callee is speaking now (an utterance has started and not yet ended). */
  calleeSpeaking(): boolean;
  /** Words that stop mid-phrase wait this long after they end for the rest (0 or `holdMidPhrase` false: never). */
  midPhraseSilenceMs: number;
  holdMidPhrase: boolean;
};

/** A stuck recogniser must not hold a finished call open. */
const LAST_WORDS_WAIT_MS = 5000;

/**
 * The callee's turns: each finished utterance, once recognised, becomes a transcript line and the agent's
 * reply, a backchannel, or an interruption; words that stop mid-phrase wait for the rest of the phrase
 * (mid-phrase-hold.ts). Words still being recognised (or held) when the call ends are kept.
 */
export function createCalleeTurns(d: CalleeTurnDeps) {
  let recognizing = 0;
  const hold = createMidPhraseHold({
    now: d.now, waitMs: d.midPhraseSilenceMs, calleeSpeaking: d.calleeSpeaking,
    release: (w) => void (!d.isEnded() && reply(w, Math.round(d.now()))),
  });
  /** Utterances whose words were still being recognised when the call ended. */
  const unheard = new Map<Utterance, Promise<string>>();

  async function onUtterance(u: Utterance): Promise<void> {
    // The callee just spoke: no check-in while their words are still being recognised.
    recognizing++;
    d.checkIns.activity();
    const heard = u.text.then((x) => x.trim());
    unheard.set(u, heard);
    const text = await heard.finally(() => {
      recognizing--;
      d.checkIns.activity();
    });
    const { confidence } = await u.heard; // settled with the text
    if (d.isEnded()) return; // the end of the call keeps these words (no reply)
    unheard.delete(u);
    const sttFinal = Math.round(d.now());
    if (d.machine.active()) return d.machine.heardGreeting();
    d.machine.markHuman();
    const floor: AgentFloor = !d.speaker.speaking() ? "silent" : d.speaker.isPaused() ? "paused" : "speaking";
    const action = actionFor(text, u.speechMs, floor);
    if (action === "resume") return d.speaker.resume();
    if (action === "stop") return d.interrupt();
    if (action === "ignore") return;
    if (floor === "paused") d.interrupt(); // the agent's cut-off turn comes first in the transcript
    const words = hold.join({ text, startMs: u.startMs, endMs: u.endMs, confidence });
    if (floor === "silent" && d.holdMidPhrase && hold.hold(words)) return;
    await reply(words, sttFinal);
  }

  async function reply(w: HeardWords, sttFinal: number): Promise<void> {
    d.checkIns.calleeReplied();
    d.transcript.push({ speaker: "callee", text: w.text, startMs: w.startMs, endMs: w.endMs });
    if (d.speaker.speaking()) d.interrupt();
    const history = d.transcript.turns.slice(0, -1);
    await d.speaker.reply((signal) => d.brain.reply(w.text, history, signal, w.confidence), { endOfSpeech: w.endMs, sttFinal });
  }

  return {
    onUtterance: (u: Utterance) => void onUtterance(u),
    /** Utterances being recognised, or words held for the rest of their phrase, right now. */
    recognizing: () => recognizing + (hold.holding() ? 1 : 0),
    /**
     * The callee hung up while their last words were being recognised (a slow machine): they were said,
     * so the transcript and the outcome keep them. Call before closing the STT stream.
     */
    async keepUnheard(): Promise<void> {
      const held = hold.take();
      if (held && !d.machine.active()) d.transcript.push({ speaker: "callee", text: held.text, startMs: held.startMs, endMs: held.endMs });
      const giveUp = new Promise<string>((r) => setTimeout(r, LAST_WORDS_WAIT_MS, "").unref());
      for (const [u, heard] of unheard) {
        const text = await Promise.race([heard.catch(() => ""), giveUp]);
        if (text && !d.machine.active()) d.transcript.push({ speaker: "callee", text, startMs: u.startMs, endMs: u.endMs });
      }
    },
  };
}
