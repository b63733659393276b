import type { Brain } from "../brain/brain.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";
import type { AnsweringMachine } from "./answering-machine.ts";
import { isBackchannel } from "./backchannel.ts";
import type { Utterance } from "./callee-listener.ts";
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
};

/** A stuck recogniser must not hold a finished call open. */
const LAST_WORDS_WAIT_MS = 5000;

/**
 * The callee's turns: each finished utterance, once recognised, becomes a transcript line and the agent's
 * reply, a backchannel, or an interruption. Words still being recognised when the call ends are kept.
 */
export function createCalleeTurns(d: CalleeTurnDeps) {
  let recognizing = 0;
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
    d.checkIns.calleeReplied();
    d.transcript.push({ speaker: "callee", text, startMs: u.startMs, endMs: u.endMs });
    if (d.speaker.speaking()) d.interrupt();
    const history = d.transcript.turns.slice(0, -1);
    await d.speaker.reply((signal) => d.brain.reply(text, history, signal, confidence), { endOfSpeech: u.endMs, sttFinal });
  }

  return {
    onUtterance: (u: Utterance) => void onUtterance(u),
    /** Utterances being recognised right now. */
    recognizing: () => recognizing,
    /**
     * The callee hung up while their last words were being recognised (a slow machine): they were said,
     * so the transcript and the outcome keep them. Call before closing the STT stream.
     */
    async keepUnheard(): Promise<void> {
      const giveUp = new Promise<string>((r) => setTimeout(r, LAST_WORDS_WAIT_MS, "").unref());
      for (const [u, heard] of unheard) {
        const text = await Promise.race([heard.catch(() => ""), giveUp]);
        if (text && !d.machine.active()) d.transcript.push({ speaker: "callee", text, startMs: u.startMs, endMs: u.endMs });
      }
    },
  };
}
