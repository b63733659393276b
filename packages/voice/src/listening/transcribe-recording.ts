import { FRAME_MS, samplesPerFrame } from "../audio/frames.ts";
import { decodeMulaw, encodeMulaw } from "../audio/mulaw.ts";
import { toPhoneBand } from "../audio/narrowband.ts";
import { resample } from "../audio/resample.ts";
import type { VadFactory } from "../audio/vad.ts";
import { toMono, type Pcm } from "../audio/wav.ts";
import { answerValue, type Expectation, isClosed, OPEN } from "../expectation/expectation.ts";
import { answerFromWords, NO_ANSWER } from "../expectation/heard-answer.ts";
import type { SttProvider } from "../providers/stt/stt-provider.ts";
import { createLoneListener } from "../session/callee-listener.ts";
import type { Utterance } from "../session/session-bus.ts";
import { DEFAULT_TURN_TAKING, type TurnTakingOptions } from "../session/session-types.ts";

/**
 * One utterance as the call heard it; `final_ms` is how long the text took after the endpoint. Under a closed
 * expectation, `answer` is what the agent would take (null: none) and `asked_again` whether it would ask again.
 */
export type HeardUtterance = {
  start_ms: number;
  end_ms: number;
  text: string;
  confidence: number | null;
  answer: string | null;
  asked_again: boolean;
  final_ms: number;
};

export type TranscribeOptions = {
  stt: SttProvider;
  /** The call's voice activity detection, as the configured calls use it (default energy). */
  vad?: VadFactory;
  vocabulary?: string[];
  /** Through an 8 kHz mu-law round trip first, as a phone line delivers the callee. */
  phone?: boolean;
  turnTaking?: TurnTakingOptions;
  /**
   * Frames at the pace a call delivers them (one every 20 ms) instead of as fast as they can be read, so a
   * streaming engine decodes while the speaker talks and `final_ms` is only what is left after the endpoint.
   */
  realTime?: boolean;
  /** Waits this long after opening the engine's stream before the first frame, as a call's greeting does. */
  leadInMs?: number;
  /** What the agent's question expects (default open speech): the answer is listened for, as on a call. */
  expectation?: Expectation;
  /** Stops hearing (what was heard so far is answered) and frees the engine's stream. */
  signal?: AbortSignal;
};

const WEB_RATE = 16_000; // a browser test call's leg
const PHONE_RATE = 8000;
const TAIL_MS = 2000; // silence after the recording, so a last utterance reaches its endpoint

/**
 * The recording as the call's leg carries it: 16 kHz (a web call), or 8
 * kHz mu-law (a phone line, band-limited as one is).
 */
export function asLegAudio(pcm: Pcm, phone: boolean): { rate: number; samples: Int16Array } {
  const mono = toMono(pcm.samples, pcm.channels);
  if (!phone) return { rate: WEB_RATE, samples: resample(mono, pcm.sampleRate, WEB_RATE) };
  return { rate: PHONE_RATE, samples: decodeMulaw(encodeMulaw(toPhoneBand(mono, pcm.sampleRate))) };
}

/**
 * Runs a recording through exactly the call's listening path: 20 ms frames into the callee listener
 * (voice activity, endpointing, pre-roll, resampling to the engine's rate) and the configured STT stream.
 * Each utterance is awaited before the next frame, as a callee waits for the agent, so `final_ms` is the
 * engine's time after the endpoint without other utterances decoding beside it.
 */
export async function transcribeRecording(pcm: Pcm, o: TranscribeOptions): Promise<HeardUtterance[]> {
  const leg = asLegAudio(pcm, o.phone ?? false);
  const frameLen = samplesPerFrame(leg.rate);
  const stream = o.stt.openStream({ vocabulary: o.vocabulary ?? [], legRate: leg.rate });
  const expectation = o.expectation ?? OPEN;
  stream.expect?.(expectation);
  const heard: HeardUtterance[] = [];
  let pending: Utterance | null = null;
  const listener = createLoneListener(
    { legRate: leg.rate, cfg: o.turnTaking ?? DEFAULT_TURN_TAKING, stt: stream, vad: o.vad },
    (u) => {
      pending = u;
    },
  );
  const total = leg.samples.length + (leg.rate * TAIL_MS) / 1000;
  if (o.leadInMs) await new Promise((r) => setTimeout(r, o.leadInMs));
  let clock = performance.now();
  try {
    for (let at = 0; at + frameLen <= total && !o.signal?.aborted; at += frameLen) {
      if (o.realTime) clock = await frameTime(clock);
      const frame = new Int16Array(frameLen);
      frame.set(leg.samples.subarray(at, Math.min(at + frameLen, leg.samples.length)));
      listener.push(frame);
      if (!pending) continue;
      const u: Utterance = pending;
      pending = null;
      const started = performance.now();
      const r = await untilAborted(u.heard, o.signal);
      if (!r) break;
      const final = performance.now() - started;
      clock = performance.now(); // the callee waited for the answer
      if (!r.text.trim()) continue;
      // An engine that does not listen for answers has them read from its words.
      const taken = r.answer !== undefined ? { answer: r.answer, askAgain: r.askAgain ?? false } : null;
      const { answer, askAgain } = taken ?? (isClosed(expectation) ? answerFromWords(expectation, r) : NO_ANSWER);
      heard.push({
        start_ms: u.startMs,
        end_ms: u.endMs,
        text: r.text.trim(),
        confidence: r.confidence,
        answer: answerValue(answer),
        asked_again: askAgain,
        final_ms: Math.round(final),
      });
    }
  } finally {
    stream.close();
  }
  return heard;
}

/** The promise's value, or null once `signal` aborts first. */
function untilAborted<T>(p: Promise<T>, signal?: AbortSignal): Promise<T | null> {
  if (!signal) return p;
  if (signal.aborted) return Promise.resolve(null);
  return Promise.race([p, new Promise<null>((r) => signal.addEventListener("abort", () => r(null), { once: true }))]);
}

/** Waits until 20 ms after the previous frame's time (or not at all when behind); the next frame's time. */
async function frameTime(previous: number): Promise<number> {
  const due = previous + FRAME_MS;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  return due;
}
