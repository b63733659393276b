import { encodeWav } from "../../audio/wav.ts";
import { vendorFetch } from "../tts/http-pcm-stream.ts";
import {
  cloudSttRate,
  type SttProvider,
  type SttResult,
  type SttStream,
  type SttStreamOptions,
} from "./stt-provider.ts";

export type OpenAiSttOptions = {
  apiKey: string;
  /** https://api.openai.com/v1 by default; any server speaking its /audio/transcriptions works. */
  baseUrl?: string;
  /** gpt-4o-mini-transcribe (default), gpt-4o-transcribe or whisper-1. */
  model?: string;
  language?: string;
  /** One utterance's request may take this long before flush gives up with an error. */
  timeoutMs?: number;
};

const MIN_SAMPLES_SECONDS = 0.1; // OpenAI refuses shorter audio ("audio_too_short")
const MAX_PROMPT_CHARS = 800; // whisper reads only the last 224 tokens of a prompt; ~800 characters fit

/** The call's vocabulary as a transcription prompt: whole terms, comma-separated, cut before the limit. */
export function vocabularyPrompt(vocabulary: string[]): string {
  let prompt = "";
  for (const term of new Set(vocabulary.map((v) => v.trim()).filter(Boolean))) {
    const next = prompt ? `${prompt}, ${term}` : term;
    if (next.length > MAX_PROMPT_CHARS) break;
    prompt = next;
  }
  return prompt;
}

/**
 * OpenAI batch STT: each utterance's PCM is buffered while the callee speaks and posted as one WAV when
 * the endpointer ends it. Simple and accurate, but the upload and transcription add to every turn's latency.
 */
export function createOpenAiStt(opts: OpenAiSttOptions): SttProvider {
  return { name: "openai", openStream: (o) => openOpenAiStream({ ...opts, sampleRate: cloudSttRate(o.legRate) }, o) };
}

function openOpenAiStream(cfg: OpenAiSttOptions & { sampleRate: number }, o: SttStreamOptions): SttStream {
  const prompt = vocabularyPrompt(o.vocabulary);
  let frames: Int16Array[] = [];
  let closed = false;
  return {
    sampleRate: cfg.sampleRate,
    write(frame) {
      if (!closed) frames.push(frame);
    },
    async flush() {
      const pcm = concat(frames);
      frames = [];
      if (o.signal?.aborted) throw abortError(o.signal);
      if (pcm.length < cfg.sampleRate * MIN_SAMPLES_SECONDS) return { text: "", confidence: null };
      return transcribe(cfg, encodeWav(pcm, cfg.sampleRate), prompt, o.signal);
    },
    close() {
      closed = true;
      frames = [];
    },
  };
}

async function transcribe(
  cfg: OpenAiSttOptions,
  wav: Buffer,
  prompt: string,
  signal?: AbortSignal,
): Promise<SttResult> {
  const base = (cfg.baseUrl ?? "https://api.openai.com/v1").replace(/\/$/, "");
  const timeoutMs = cfg.timeoutMs ?? 15_000;
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), "utterance.wav");
  form.append("model", cfg.model ?? "gpt-4o-mini-transcribe");
  form.append("language", cfg.language ?? "en");
  if (prompt) form.append("prompt", prompt);
  form.append("response_format", "json");
  const timeout = AbortSignal.timeout(timeoutMs);
  const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const res = await vendorFetch("OpenAI", `${base}/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${cfg.apiKey}` },
      body: form,
      signal: both,
    });
    const body = (await res.json()) as { text?: unknown };
    if (typeof body.text !== "string") throw new Error("OpenAI answered the transcription without text.");
    return { text: body.text.trim(), confidence: null }; // the json format carries no confidence
  } catch (err) {
    if (signal?.aborted) throw abortError(signal);
    if (timeout.aborted) throw new Error(`OpenAI transcription timed out after ${timeoutMs / 1000} s`);
    throw err;
  }
}

function concat(frames: Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException("The transcription was aborted.", "AbortError");
}
