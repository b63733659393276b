import type { Brain } from "../brain/brain.ts";
import type { HeardAnswer } from "../expectation/expectation.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";
import { isBackchannel } from "./backchannel.ts";
import type { AgentFloor, CallState } from "./call-state.ts";
import type { CalleeAnswers } from "./callee-answers.ts";
import { createMidPhraseHold, type HeardWords } from "./mid-phrase-hold.ts";
import type { SessionBus, Utterance } from "./session-bus.ts";
import type { SessionTranscript } from "./session-transcript.ts";
import { waitForLastWords } from "./last-words.ts";
import type { SttProgress } from "../providers/stt/stt-provider.ts";

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
  /** Callee turns write `recognizing`. */
  state: CallState;
  /** Hears the listener's utterances and barge-ins; reports each utterance's words as `heard`. */
  bus: SessionBus;
  brain: Pick<Brain, "reply">;
  /** What the agent expects: each utterance's answer, and the next expectation once the agent has replied. */
  answers: Pick<CalleeAnswers, "heardUnder" | "listen">;
  speaker: Pick<AgentSpeaker, "reply" | "pause" | "resume" | "interrupt">;
  transcript: SessionTranscript;
  /** Words that stop mid-phrase wait this long after they end for the rest (0 or `holdMidPhrase` false: never). */
  midPhraseSilenceMs: number;
  holdMidPhrase: boolean;
};

/**
 * The callee's turns: a barge-in pauses the agent; each finished utterance, once recognised, becomes a
 * transcript line and the agent's reply, a backchannel, or an interruption; words that stop mid-phrase wait
 * for the rest of the phrase (mid-phrase-hold.ts). Words still being recognised (or held) when the call ends
 * are kept.
 */
export function createCalleeTurns(d: CalleeTurnDeps) {
  const { state, speaker, transcript } = d;
  let recognizing = 0;
  const hold = createMidPhraseHold({
    now: state.now,
    waitMs: d.midPhraseSilenceMs,
    calleeSpeaking: () => state.calleeSpeaking,
    release: (w) => {
      showRecognizing();
      if (!state.ended) void reply(w, Math.round(state.now()));
    },
  });
  /** Utterances whose words were still being recognised when the call ended. */
  const unheard = new Map<Utterance, Promise<string>>();
  /** Utterances whose words the recogniser could not give (it failed, or gave up at the call's end). */
  const lost: Utterance[] = [];
  let utterances = 0;
  const showRecognizing = () => {
    state.recognizing = recognizing + (hold.holding() ? 1 : 0);
  };

  async function onUtterance(u: Utterance): Promise<void> {
    // The callee just spoke: no check-in while their words are still being recognised.
    utterances++;
    recognizing++;
    showRecognizing();
    const heard = u.text.then((x) => x.trim());
    unheard.set(u, heard);
    const text = await heard.finally(() => {
      recognizing--;
      showRecognizing();
    });
    const result = await u.heard; // settled with the text
    if (result.lost) lost.push(u);
    const { confidence } = result;
    if (state.ended) return; // the end of the call keeps these words (no reply)
    unheard.delete(u);
    const sttFinal = Math.round(state.now());
    d.bus.emit({ type: "heard", text });
    if (state.voicemail !== "no") return; // a machine's greeting is no reply
    const floor = state.agent;
    const action = actionFor(text, u.speechMs, floor);
    if (action === "resume") return speaker.resume();
    if (action === "stop") return speaker.interrupt();
    if (action === "ignore") return;
    if (floor === "paused") speaker.interrupt(); // the agent's cut-off turn comes first in the transcript
    const answer = d.answers.heardUnder(u.startMs, result);
    const words = hold.join({ text, startMs: u.startMs, endMs: u.endMs, confidence, ...(answer ? { answer } : {}) });
    const held = floor === "silent" && d.holdMidPhrase && hold.hold(words);
    showRecognizing();
    if (!held) await reply(words, sttFinal);
  }

  async function reply(w: HeardWords, sttFinal: number): Promise<void> {
    // The agent's cut-off turn is written first: it was said before these words (a key pressed during the greeting).
    if (state.agent !== "silent") speaker.interrupt();
    transcript.push({ speaker: "callee", text: w.text, startMs: w.startMs, endMs: w.endMs });
    const history = transcript.turns.slice(0, -1);
    const said = (signal: AbortSignal) => listenAfter(d.brain.reply(w.text, history, signal, w.confidence, w.answer));
    await speaker.reply(said, { endOfSpeech: w.endMs, sttFinal });
  }

  /** The reply's words are all out: the recogniser listens for what it asks from then on. */
  async function* listenAfter(said: AsyncIterable<string>): AsyncGenerator<string> {
    try {
      yield* said;
    } finally {
      d.answers.listen();
    }
  }

  /** Keys that answer the agent's question: a callee turn like words, with the answer taken. */
  function onKeyed(text: string, answer: HeardAnswer): void {
    if (state.ended || state.held || state.voicemail !== "no") return;
    const at = Math.round(state.now());
    void reply({ text, startMs: at, endMs: at, confidence: 1, answer }, at);
  }

  d.bus.on("utterance", (e) => void onUtterance(e.utterance));
  d.bus.on("keyed", (e) => onKeyed(e.text, { answer: e.answer, askAgain: false }));
  // A machine's greeting never stops the voicemail message.
  d.bus.on("barge-in", () => {
    if (state.voicemail === "no") speaker.pause();
  });

  return {
    /**
     * The callee hung up while their last words were being recognised (a slow machine): they were said, so the
     * transcript and the outcome keep them. Waits as long as the recogniser makes progress (last-words.ts); what
     * it still cannot give is `lost()`. Call before closing the STT stream.
     */
    async keepUnheard(progress?: () => SttProgress): Promise<void> {
      const held = hold.take();
      showRecognizing();
      if (held && state.voicemail === "no")
        transcript.push({ speaker: "callee", text: held.text, startMs: held.startMs, endMs: held.endMs });
      // Each one's words as they come (registered before the wait, so read in order once it is over).
      const late = [...unheard.keys()].map((u) => {
        const r = { u, text: null as string | null };
        u.heard.then((h) => {
          r.text = h.lost ? null : h.text.trim();
        });
        return r;
      });
      await waitForLastWords(
        late.map((r) => r.u.heard),
        progress,
      );
      for (const { u, text } of late) {
        if (text === null) {
          if (!lost.includes(u)) lost.push(u);
        } else if (text && state.voicemail === "no")
          transcript.push({ speaker: "callee", text, startMs: u.startMs, endMs: u.endMs });
      }
    },
    /** Utterances whose words were never given (the recogniser failed, or was still behind after the call). */
    lost: (): readonly Utterance[] => lost,
    /** Utterances the callee was heard to say (voice activity), words or not. */
    utterances: () => utterances,
  };
}
