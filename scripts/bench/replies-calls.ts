/**
 * The replies bench's call mode (`npm run bench -- replies calls`): held-out real replies
 * (tests/speech-dev-set/replies-held-out.json) played into whole call sessions, one call per expectation and line, in
 * which the agent asks question after question and the callee answers each. Everything between the leg and the brain
 * is the call's own: voice activity, endpointing, the expectation the session hands the stream after each agent
 * turn, the answers' decoder, the answer read under the question the utterance was said under. What the brain is
 * handed per reply is counted: taken right, taken wrong, asked again, heard as open speech.
 */
import { FRAME_MS, samplesPerFrame } from "../../packages/voice/src/audio/frames.ts";
import type { VadFactory } from "../../packages/voice/src/audio/vad.ts";
import type { Pcm } from "../../packages/voice/src/audio/wav.ts";
import type { Brain, BrainFactory } from "../../packages/voice/src/brain/brain.ts";
import type { Expectation, HeardAnswer } from "../../packages/voice/src/expectation/expectation.ts";
import { readAnswer } from "../../packages/voice/src/expectation/read-answer.ts";
import { asLegAudio } from "../../packages/voice/src/listening/transcribe-recording.ts";
import type { SttProvider } from "../../packages/voice/src/providers/stt/stt-provider.ts";
import { runCallSession } from "../../packages/voice/src/session/call-session.ts";
import type { CallLeg, LegEvent } from "../../packages/voice/src/telephony/call-leg.ts";
import { createRecordingTools, londonContext } from "../../tests/support/voice/fake-agent-tools.ts";
import { fixedToneTts } from "../../tests/support/voice/test-providers.ts";
import { expectationOf, HELD_OUT, readReplies, type Reply, replyAudio } from "./replies-set.ts";

export type Outcome = "right" | "wrong" | "asked again" | "open";
type Trial = { id: string; expectation: Expectation; expected: string | null; pcm: Pcm };
/** What the brain was handed for the utterances of one reply. */
type Heard = { text: string; heard: HeardAnswer | undefined };

/** Quiet after the agent's turn before the callee answers, as a person takes a breath. */
const GAP_MS = 800;
/**
 * Nothing came back this long after a reply ended: the call goes on (nothing was heard of it, or the agent is
 * slow; on a loaded machine the recogniser may lag, so it is long).
 */
const NO_REPLY_MS = 15_000;
/** Words that start this early (VAD pre-roll, clocks a little apart) still belong to the reply that follows. */
const PRE_ROLL_MS = 400;

export type CallTally = { row: string; counts: Record<Outcome, number>; wrong: string[] };

/** Every held-out reply through whole calls on one line; `noise` adds noise to each reply's audio. */
export async function heldOutCalls(o: {
  stt: SttProvider;
  vad: VadFactory;
  phone: boolean;
  noise?: (t: { id: string; pcm: Pcm }) => Pcm;
}): Promise<CallTally[]> {
  const trials = readReplies(HELD_OUT).map((r) => trialOf(r, o.phone, o.noise));
  const tallies = new Map<string, CallTally>();
  for (const key of [...new Set(trials.map((t) => JSON.stringify(t.expectation)))]) {
    const asked = trials.filter((t) => JSON.stringify(t.expectation) === key);
    const heard = await oneCall(asked, o);
    asked.forEach((t, i) => {
      const outcome = outcomeOf(heard[i]!, t.expected);
      const row = `${t.expectation.kind}, ${t.expected === null ? "open speech" : "answers"}`;
      const tally = tallies.get(row) ?? { row, counts: { right: 0, wrong: 0, "asked again": 0, open: 0 }, wrong: [] };
      tally.counts[outcome]++;
      if (outcome === "wrong")
        tally.wrong.push(`${t.id}: "${heard[i]!.map((h) => h.text).join(" / ")}" taken as ${taken(heard[i]!)}`);
      tallies.set(row, tally);
    });
  }
  return [...tallies.values()];
}

function trialOf(r: Reply, phone: boolean, noise?: (t: { id: string; pcm: Pcm }) => Pcm): Trial {
  const expectation = expectationOf(r.expect, r.options);
  const pcm = replyAudio(r, !phone);
  return {
    id: r.id,
    expectation,
    expected: readAnswer(expectation, r.reference)?.value ?? null,
    pcm: noise ? noise({ id: r.id, pcm }) : pcm,
  };
}

const taken = (heard: Heard[]) => heard.find((h) => h.heard?.answer)?.heard?.answer?.value ?? null;

/** An answer taken is right or wrong; asked again (or nothing heard of a real answer); else open speech. */
export function outcomeOf(heard: Heard[], expected: string | null): Outcome {
  const answer = taken(heard);
  if (answer !== null) return answer === expected ? "right" : "wrong";
  if (heard.some((h) => h.heard?.askAgain) || (expected !== null && !heard.length)) return "asked again";
  return "open";
}

/**
 * One call: the agent asks (a short tone stands for its words), the callee answers with the next reply once the
 * agent is quiet, and so on to the last reply; then the callee hangs up. What the brain was handed is kept per reply.
 */
async function oneCall(trials: Trial[], o: { stt: SttProvider; vad: VadFactory; phone: boolean }): Promise<Heard[][]> {
  const heard: Heard[][] = trials.map(() => []);
  const leg = replyingLeg(trials.map((t) => asLegAudio(t.pcm, o.phone)));
  const expectation = trials[0]!.expectation;
  // Each reply of the brain belongs to the reply whose audio the callee's words began in (on a loaded machine the
  // words can come back late, after the next reply has begun).
  let calleeStartMs = Number.NEGATIVE_INFINITY;
  await runCallSession({
    leg,
    stt: o.stt,
    vad: o.vad,
    tts: fixedToneTts(440, 400),
    voiceId: "tone",
    brain: questioner(expectation, (h) => {
      const turn = leg.turnAt(calleeStartMs);
      if (turn >= 0) heard[turn]!.push(h);
      leg.replied(turn);
    }),
    context: londonContext({ now: () => new Date() }),
    tools: createRecordingTools().tools,
    vocabulary: [],
    onEvent: (e) => {
      if (e.type === "turn" && e.turn.speaker === "callee") calleeStartMs = e.turn.startMs;
    },
  });
  return heard;
}

/**
 * A brain that asks one kind of question again and again and keeps what the session hands it. Its lines are
 * fixed: what is measured is the hearing, not the dialogue (the rules brain's own asking again is unit-tested).
 */
function questioner(expectation: Expectation, onReply: (h: Heard) => void): BrainFactory {
  return (): Brain => ({
    name: "bench-questioner",
    greeting: () => "A question?",
    async *reply(text, _history, _signal, _confidence, heard) {
      onReply({ text, heard });
      yield heard?.askAgain ? "Sorry, again?" : "Next question?";
    },
    expecting: () => expectation,
    onSilence: () => "Are you there?",
    voicemailMessage: () => "",
    finish: async () => ({ outcome: "interested", summary: "", sentiment: "neutral", extracted: {} }),
  });
}

/**
 * The callee's side of the line: answers, then a 20 ms frame of each reply at a time at the call's pace, each
 * reply once the agent's turn is over and `GAP_MS` has passed; quiet otherwise. `turnAt(ms)`: the reply playing
 * at that time of the call (-1: before the first); `replied(turn)`: the agent has answered that reply, so the next
 * may follow once its words were said.
 */
function replyingLeg(replies: Array<{ rate: number; samples: Int16Array }>): CallLeg & {
  turnAt(ms: number): number;
  replied(turn: number): void;
} {
  const rate = replies[0]!.rate;
  const frameLen = samplesPerFrame(rate);
  const listeners: Array<(e: LegEvent) => void> = [];
  const emit = (e: LegEvent) => listeners.forEach((l) => void l(e));
  let lastAgentFrame = Number.NEGATIVE_INFINITY;
  let turn = -1;
  let answeredTurn = -1;
  let playing: { samples: Int16Array; at: number } | null = null;
  let quietSince = performance.now();
  /** When the brain began its last reply (at first: the call's start, for the greeting). */
  let repliedAt = performance.now();
  let ended = false;
  // Reply starts in ms of audio sent (20 ms a frame), the clock the call's voice activity times the words by.
  let framesSent = 0;
  const starts: number[] = [];

  async function run(): Promise<void> {
    emit({ type: "answered" });
    let clock = performance.now();
    while (!ended) {
      const due = clock + FRAME_MS;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      clock = Math.max(due, performance.now() - 100); // a late event loop does not pour out a burst of frames
      const now = performance.now();
      const frame = new Int16Array(frameLen);
      if (playing) {
        frame.set(playing.samples.subarray(playing.at, playing.at + frameLen));
        playing.at += frameLen;
        if (playing.at >= playing.samples.length) {
          playing = null;
          quietSince = now;
        }
      } else if (nextDue(now)) {
        if (turn + 1 >= replies.length) {
          ended = true;
          emit({ type: "ended", reason: "completed" });
          return;
        }
        turn++;
        starts.push(framesSent * FRAME_MS);
        playing = { samples: replies[turn]!.samples, at: 0 };
      }
      framesSent++;
      emit({ type: "audio", frame });
    }
  }

  /** The agent has said its reply to the last one (or nothing came for too long) and has been quiet for the gap. */
  function nextDue(now: number): boolean {
    const said = answeredTurn >= turn && lastAgentFrame > repliedAt && now - lastAgentFrame >= GAP_MS;
    return said || now - Math.max(quietSince, lastAgentFrame) >= NO_REPLY_MS;
  }

  queueMicrotask(() => void run());
  return {
    sampleRate: rate,
    on: (l) => void listeners.push(l),
    send: () => {
      lastAgentFrame = performance.now();
    },
    clear: () => {},
    hangup: () => {
      if (ended) return;
      ended = true;
      emit({ type: "ended", reason: "completed" });
    },
    turnAt: (ms) => starts.filter((s) => s - PRE_ROLL_MS <= ms).length - 1,
    replied: (t) => {
      if (t < turn) return; // a late answer to an earlier reply
      answeredTurn = t;
      repliedAt = performance.now();
    },
  };
}
