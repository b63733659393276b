import { createFramer } from "../audio/frames.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import { realtimeLoad } from "../os/realtime-load.ts";
import type { CallLeg } from "../telephony/call-leg.ts";
import { createAgentVoice } from "./agent-voice.ts";
import type { CallState } from "./call-state.ts";
import type { SessionBus } from "./session-bus.ts";
import type { LatencyMark } from "./session-types.ts";

type AgentTurn = { startMs: number; mark: Partial<LatencyMark>; generating: boolean };

/** When the callee's words that this turn answers ended and were recognised (ms since the answer). */
export type TurnCause = Pick<LatencyMark, "endOfSpeech" | "sttFinal">;

type SpeakerDeps = {
  leg: CallLeg;
  tts: TtsProvider;
  voiceId: string;
  /** The speaker writes `agent`; while `held` its frames go nowhere. */
  state: Pick<CallState, "now" | "ended" | "held" | "agent">;
  /** Reports each frame sent, each finished turn (what was heard of it), a synthesis error, a cut-off. */
  bus: SessionBus;
};

/**
 * The agent's side of the call: one turn at a time, sentences synthesised as the brain produces them
 * (the next one's TTS runs while the previous one plays), frames paced out in real time, latency marks,
 * and what the callee really heard when a turn ends or is cut off.
 */
export function createAgentSpeaker({ leg, tts, voiceId, state, bus }: SpeakerDeps) {
  const rate = leg.sampleRate;
  const voice = createAgentVoice();
  const latency: LatencyMark[] = [];
  let turn: AgentTurn | null = null;
  let turnNo = 0;
  let replyAbort: AbortController | null = null;
  let agentEndMs = 0;
  let lateFrames = 0;

  const showFloor = () => {
    state.agent = turn === null ? "silent" : voice.isPaused() ? "paused" : "speaking";
  };

  /** One pacer tick: the next frame, plus `late` more when the event loop stalled. */
  function paced(late: number): void {
    for (let i = 0; i <= late && !state.ended; i++) {
      const frame = voice.nextFrame();
      if (!frame) break;
      if (i > 0) {
        lateFrames++;
        realtimeLoad.noteLateFrames(1);
      }
      const at = Math.max(state.now(), agentEndMs);
      if (!state.held) {
        leg.send(frame);
        bus.emit({ type: "agent-frame", frame, atMs: at });
      }
      agentEndMs = at + 20;
      if (turn && turn.mark.firstFrameSent === undefined) {
        turn.mark.firstFrameSent = Math.round(state.now());
        turn.startMs = Math.round(at);
        latency.push(turn.mark as LatencyMark);
      }
    }
    if (turn && !turn.generating && !voice.busy()) finish();
  }

  function begin(cause: TurnCause): AgentTurn {
    turn = { startMs: Math.round(state.now()), mark: { turn: ++turnNo, ...cause }, generating: true };
    showFloor();
    return turn;
  }

  function finish(): void {
    if (!turn) return;
    const heard = voice.takeTurn();
    const endMs = Math.round(Math.max(state.now(), agentEndMs));
    if (heard.text) {
      const interrupted = heard.interrupted ? { interrupted: true } : {};
      bus.emit({
        type: "agent-turn",
        turn: { speaker: "agent", text: heard.text, startMs: turn.startMs, endMs, ...interrupted },
      });
    }
    turn = null;
    showFloor();
    bus.emit({ type: "agent-turn-finished" });
  }

  async function speak(sentences: AsyncIterable<string>, t: AgentTurn, signal: AbortSignal): Promise<void> {
    try {
      for await (const sentence of sentences) {
        if (signal.aborted || state.ended) break;
        t.mark.brainFirstToken ??= Math.round(state.now());
        const out = voice.begin(sentence);
        const framer = createFramer(rate);
        for await (const chunk of tts.synthesize(sentence, { voiceId, sampleRate: rate, signal })) {
          t.mark.ttsFirstAudio ??= Math.round(state.now());
          for (const f of framer.push(chunk)) out.push(f);
          // The first frame of a turn leaves now, not at the next tick: up to 20 ms saved per turn.
          if (t.mark.firstFrameSent === undefined && !signal.aborted) paced(0);
        }
        for (const f of framer.drain()) out.push(f);
        out.complete();
      }
    } catch (err) {
      if (!signal.aborted) bus.emit({ type: "agent-error", message: (err as Error).message, atMs: state.now() });
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
      const now = Math.round(state.now());
      void reply(() => once(text), { endOfSpeech: now, sttFinal: now });
    },
    /**
     * Audio made in advance (the greeting, sentence by sentence): each sentence played as soon as it is ready,
     * the turn marked as answering the pick-up.
     */
    async playPrepared(lines: Array<{ text: string; audio: Promise<Int16Array[]> }>): Promise<void> {
      const t = begin({ endOfSpeech: 0, sttFinal: 0 });
      t.mark.brainFirstToken = 0;
      try {
        for (const line of lines) {
          const ready = await line.audio;
          if (state.ended || turn !== t) break; // the call ended, or the callee took the floor
          t.mark.ttsFirstAudio ??= Math.round(state.now());
          const out = voice.begin(line.text);
          for (const f of ready) out.push(f);
          out.complete();
          paced(0);
        }
      } finally {
        t.generating = false;
      }
    },
    /** Barge-in: stop playing at once (also what the carrier buffered) until `resume` or `interrupt`. */
    pause(): void {
      if (voice.isPaused()) return;
      voice.pause();
      leg.clear();
      showFloor();
    },
    resume(): void {
      voice.resume();
      showFloor();
    },
    /** The callee (or a person) took the floor: the rest of this turn is dropped. */
    interrupt(): void {
      replyAbort?.abort();
      voice.clear();
      leg.clear();
      finish();
      bus.emit({ type: "agent-interrupted" });
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
