import { createFramer } from "../audio/frames.ts";
import type { TranscriptTurn } from "../brain/brain.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import type { CallLeg } from "../telephony/call-leg.ts";
import { createAgentVoice } from "./agent-voice.ts";
import type { LatencyMark } from "./session-types.ts";

type AgentTurn = { startMs: number; mark: Partial<LatencyMark>; generating: boolean };

/** When the callee's words that this turn answers ended and were recognised (ms since the answer). */
export type TurnCause = Pick<LatencyMark, "endOfSpeech" | "sttFinal">;

type SpeakerDeps = {
  leg: CallLeg;
  tts: TtsProvider;
  voiceId: string;
  /** ms since the answer. */
  now(): number;
  isEnded(): boolean;
  /** An agent frame as it leaves, at its time since the answer (the recording). */
  onFrame(frame: Int16Array, atMs: number): void;
  /** What the callee heard of a finished agent turn. */
  onTurn(turn: TranscriptTurn): void;
  /** Speech synthesis failed mid-turn (shown live, not kept in the transcript). */
  onError(message: string): void;
  /** An agent turn is over: played, cut off, or closed by the end of the call. */
  onTurnFinished(): void;
};

/**
 * The agent's side of the call: one turn at a time, sentences synthesised as the brain produces them
 * (the next one's TTS runs while the previous one plays), frames paced out in real time, latency marks,
 * and what the callee really heard when a turn ends or is cut off.
 */
export function createAgentSpeaker(d: SpeakerDeps) {
  const rate = d.leg.sampleRate;
  const voice = createAgentVoice();
  const latency: LatencyMark[] = [];
  let turn: AgentTurn | null = null;
  let turnNo = 0;
  let replyAbort: AbortController | null = null;
  let agentEndMs = 0;
  let lateFrames = 0;

  /** One pacer tick: the next frame, plus `late` more when the event loop stalled. */
  function paced(late: number): void {
    for (let i = 0; i <= late && !d.isEnded(); i++) {
      const frame = voice.nextFrame();
      if (!frame) break;
      if (i > 0) lateFrames++;
      const at = Math.max(d.now(), agentEndMs);
      d.leg.send(frame);
      d.onFrame(frame, at);
      agentEndMs = at + 20;
      if (turn && turn.mark.firstFrameSent === undefined) {
        turn.mark.firstFrameSent = Math.round(d.now());
        turn.startMs = Math.round(at);
        latency.push(turn.mark as LatencyMark);
      }
    }
    if (turn && !turn.generating && !voice.busy()) finish();
  }

  function begin(cause: TurnCause): AgentTurn {
    turn = { startMs: Math.round(d.now()), mark: { turn: ++turnNo, ...cause }, generating: true };
    return turn;
  }

  function finish(): void {
    if (!turn) return;
    const heard = voice.takeTurn();
    const endMs = Math.round(Math.max(d.now(), agentEndMs));
    if (heard.text) d.onTurn({ speaker: "agent", text: heard.text, startMs: turn.startMs, endMs, ...(heard.interrupted ? { interrupted: true } : {}) });
    turn = null;
    d.onTurnFinished();
  }

  async function speak(sentences: AsyncIterable<string>, t: AgentTurn, signal: AbortSignal): Promise<void> {
    try {
      for await (const sentence of sentences) {
        if (signal.aborted || d.isEnded()) break;
        t.mark.brainFirstToken ??= Math.round(d.now());
        const out = voice.begin(sentence);
        const framer = createFramer(rate);
        for await (const chunk of d.tts.synthesize(sentence, { voiceId: d.voiceId, sampleRate: rate, signal })) {
          t.mark.ttsFirstAudio ??= Math.round(d.now());
          for (const f of framer.push(chunk)) out.push(f);
          // The first frame of a turn leaves now, not at the next tick: up to 20 ms saved per turn.
          if (t.mark.firstFrameSent === undefined && !signal.aborted) paced(0);
        }
        for (const f of framer.drain()) out.push(f);
        out.complete();
      }
    } catch (err) {
      if (!signal.aborted) d.onError((err as Error).message);
    } finally {
      t.generating = false;
    }
  }

  /** A new turn that speaks `sentences` as they come; cancelled by `interrupt` or the end of the call. */
  function reply(sentences: (signal: AbortSignal) => AsyncIterable<string>, cause: TurnCause): Promise<void> {
    const t = begin(cause);
    replyAbort = new AbortController();
    const signal = replyAbort.signal;
    return speak(sentences(signal), t, signal);
  }

  return {
    paced,
    reply,
    /** One fixed line (a check-in, the voicemail message), answering nothing the callee said. */
    say(text: string): void {
      const now = Math.round(d.now());
      void reply(() => once(text), { endOfSpeech: now, sttFinal: now });
    },
    /** Audio made in advance (the greeting): played at once, its turn marked as answering the pick-up. */
    async playPrepared(text: string, frames: Promise<Int16Array[]>): Promise<void> {
      const t = begin({ endOfSpeech: 0, sttFinal: 0 });
      t.mark.brainFirstToken = 0;
      const ready = await frames;
      t.mark.ttsFirstAudio = Math.round(d.now());
      const out = voice.begin(text);
      for (const f of ready) out.push(f);
      out.complete();
      paced(0);
      t.generating = false;
    },
    /** The agent holds the floor (speaking, or about to). */
    speaking: () => turn !== null,
    /** Barge-in: stop playing at once (also what the carrier buffered) until `resume` or `interrupt`. */
    pause(): void {
      if (voice.isPaused()) return;
      voice.pause();
      d.leg.clear();
    },
    isPaused: () => voice.isPaused(),
    resume: () => voice.resume(),
    /** The callee took the floor: the rest of this turn is dropped. */
    interrupt(): void {
      replyAbort?.abort();
      voice.clear();
      d.leg.clear();
      finish();
    },
    /** The call ended: cancel what is being generated and close the turn with what was played. */
    stop(): void {
      replyAbort?.abort();
      finish();
    },
    latency,
    lateFrames: () => lateFrames,
  };
}

export type AgentSpeaker = ReturnType<typeof createAgentSpeaker>;

async function* once(text: string): AsyncIterable<string> {
  yield text;
}
