import { connectDeepgram, type DeepgramMessage, type DeepgramSocket } from "./deepgram-socket.ts";
import {
  cloudSttRate,
  type SttProvider,
  type SttResult,
  type SttStream,
  type SttStreamOptions,
} from "../stt-provider.ts";

export type DeepgramSttOptions = {
  apiKey: string;
  /** wss://api.deepgram.com by default; http(s) URLs are taken as ws(s). */
  baseUrl?: string;
  model?: string;
  language?: string;
  /** How long flush waits for the answer to Finalize before settling for what it has. */
  finalizeTimeoutMs?: number;
  /**
   * Deepgram drops a socket that hears nothing for 10 s; while the callee is silent a KeepAlive goes out this often.
   */
  keepAliveMs?: number;
};

const MAX_KEYWORDS = 100; // Deepgram's documented ceiling for `keywords`
const MAX_KEYTERMS = 50; // keyterm prompting is capped by tokens (500); 50 short terms stay well under it
const KEYWORD_BOOST = 1.5; // a mild boost: the vocabulary includes common words (yes, no, days) that must not be forced

/**
 * The listen URL with the audio format and the call's vocabulary as keyword boosts. Deepgram takes a phone
 * line's 8 kHz natively (linear16 at 8 kHz), so a phone call is transcribed without upsampling (its
 * nova-2-phonecall model, STT_MODEL, is tuned for exactly that audio).
 */
export function deepgramListenUrl(opts: DeepgramSttOptions & { sampleRate: number }, vocabulary: string[]): string {
  const base = (opts.baseUrl ?? "wss://api.deepgram.com").replace(/^http/, "ws").replace(/\/$/, "");
  const model = opts.model ?? "nova-2";
  const q = new URLSearchParams({
    encoding: "linear16",
    sample_rate: String(opts.sampleRate),
    channels: "1",
    model,
    language: opts.language ?? "en",
    interim_results: "true",
    punctuate: "true",
  });
  // Nova-3 and Flux replaced `keywords` (single words with an intensifier) by `keyterm` (phrases, no intensifier).
  if (/^(nova-3|flux)/.test(model)) {
    for (const term of uniqueTerms(vocabulary).slice(0, MAX_KEYTERMS)) q.append("keyterm", term);
  } else {
    const words = uniqueTerms(vocabulary.flatMap((v) => v.split(/\s+/)));
    for (const word of words.slice(0, MAX_KEYWORDS)) q.append("keywords", `${word}:${KEYWORD_BOOST}`);
  }
  return `${base}/v1/listen?${q}`;
}

function uniqueTerms(terms: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const term = raw.replace(/[^\p{L}\p{N}' -]/gu, "").trim();
    if (!term || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    out.push(term);
  }
  return out;
}

/** Deepgram streaming STT: one WebSocket per call, opened at openStream so it is warm when the callee speaks. */
export function createDeepgramStt(opts: DeepgramSttOptions): SttProvider {
  return {
    name: "deepgram",
    openStream: (o) => openDeepgramStream({ ...opts, sampleRate: cloudSttRate(o.legRate) }, o),
  };
}

type Waiter = { resolve(r: SttResult): void; reject(e: Error): void; timer: NodeJS.Timeout };

const MAX_RECONNECTS = 3; // a socket that worked and then dropped is reopened this often per call

/** What one utterance has produced so far: final segments, and the latest interim guess after them. */
function createHeard() {
  let finals: string[] = [];
  let confidences: number[] = [];
  let interim = "";
  return {
    add(m: DeepgramMessage) {
      const alt = m.channel?.alternatives?.[0];
      const text = alt?.transcript?.trim() ?? "";
      if (!m.is_final) {
        interim = text;
        return;
      }
      interim = "";
      if (!text) return;
      finals.push(text);
      if (typeof alt?.confidence === "number") confidences.push(alt.confidence);
    },
    take(): SttResult {
      const text = [...finals, interim].filter(Boolean).join(" ");
      const confidence = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : null;
      finals = [];
      confidences = [];
      interim = "";
      return { text, confidence };
    },
  };
}

/** Flushes waiting for Deepgram's answer to Finalize, oldest first; each gives up after `timeoutMs`. */
function createWaiters(take: () => SttResult, timeoutMs: number) {
  const waiting: Waiter[] = [];
  return {
    wait: () =>
      new Promise<SttResult>((resolve, reject) => {
        // A late answer after the timeout lands in the next utterance; better than a turn that never ends.
        const timer = setTimeout(() => {
          const i = waiting.findIndex((w) => w.timer === timer);
          if (i >= 0) waiting.splice(i, 1);
          resolve(take());
        }, timeoutMs);
        waiting.push({ resolve, reject, timer });
      }),
    settle() {
      const w = waiting.shift();
      if (!w) return;
      clearTimeout(w.timer);
      w.resolve(take());
    },
    settleAll() {
      while (waiting.length) this.settle();
    },
    rejectAll(err: Error) {
      for (const w of waiting.splice(0)) {
        clearTimeout(w.timer);
        w.reject(err);
      }
    },
  };
}

function openDeepgramStream(cfg: DeepgramSttOptions & { sampleRate: number }, o: SttStreamOptions): SttStream {
  const url = deepgramListenUrl(cfg, o.vocabulary);
  const graceMs = cfg.finalizeTimeoutMs ?? 1500;
  const heard = createHeard();
  const waiters = createWaiters(() => heard.take(), graceMs);
  let failure: Error | null = null;
  let closing = false;
  let unflushedAudio = false;
  let drops = 0;
  let socket: DeepgramSocket | null = null;

  const fail = (err: Error) => {
    failure ??= err;
    waiters.rejectAll(failure);
  };
  const connect = (): DeepgramSocket => {
    const s = connectDeepgram(url, cfg.apiKey, cfg.keepAliveMs ?? 4000, {
      message: (m) => {
        const err = applyMessage(m, heard, waiters);
        if (err) fail(err);
      },
      closed(err, wasOpen) {
        if (socket === s) socket = null;
        // Answers still owed by this socket will not come: settle with what was heard.
        if (!err || (wasOpen && ++drops <= MAX_RECONNECTS)) {
          unflushedAudio = false;
          return waiters.settleAll();
        }
        fail(err); // a refused handshake, or one drop too many, is final
      },
    });
    return s;
  };
  socket = connect(); // opened while the phone rings, so it is warm when the callee speaks

  const unhook = whenAborted(o.signal, () => {
    fail(abortError(o.signal));
    closing = true;
    socket?.kill();
  });

  return {
    sampleRate: cfg.sampleRate,
    write(frame) {
      if (failure || closing || !frame.length) return;
      socket ??= connect(); // reopened after a drop
      unflushedAudio = true;
      socket.send(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
    },
    flush() {
      if (failure) return Promise.reject(failure);
      // Finalize is only answered when audio is buffered, so with none
      // since the last flush there is nothing to wait for.
      if (!unflushedAudio || !socket) return Promise.resolve(heard.take());
      unflushedAudio = false;
      socket.send(JSON.stringify({ type: "Finalize" }));
      return waiters.wait();
    },
    close() {
      if (closing) return;
      closing = true;
      unhook();
      socket?.end(graceMs);
    },
  };
}

/** Results build the utterance (from_finalize answers the oldest flush); Metadata answers CloseStream. */
function applyMessage(
  m: DeepgramMessage,
  heard: ReturnType<typeof createHeard>,
  waiters: ReturnType<typeof createWaiters>,
): Error | null {
  if (m.type === "Results") {
    heard.add(m);
    if (m.from_finalize) waiters.settle();
  } else if (m.type === "Metadata") waiters.settle();
  else if (m.type === "Error") return new Error(`Deepgram error: ${m.description ?? "unknown"}`);
  return null;
}

function whenAborted(signal: AbortSignal | undefined, fn: () => void): () => void {
  if (signal?.aborted) fn();
  else signal?.addEventListener("abort", fn, { once: true });
  return () => signal?.removeEventListener("abort", fn);
}

function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException("The transcription was aborted.", "AbortError");
}
