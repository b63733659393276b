import type { TranscriptTurn } from "../brain/brain.ts";
import type { VadFactory } from "../audio/vad.ts";
import type { SttProvider } from "../providers/stt/stt-provider.ts";
import { transcribeRecording } from "./transcribe-recording.ts";

type Span = { startMs: number; endMs: number };

// Audio kept around a lost utterance, so its first and last syllables are heard again whole.
const MARGIN_MS = 500;
// Hearing the spans again waits behind whatever else the recogniser has to do: this long at least, and 3 times
// the audio's length on top.
const MIN_WAIT_MS = 30_000;

/**
 * The words of utterances the live recogniser could not give (it failed, or was still behind when the call was
 * over), heard again from the call's recording after the call: each span through the call's own listening path.
 * Answers the callee's lines found, timed as on the call.
 */
export async function hearLostWords(o: {
  stt: SttProvider;
  vad?: VadFactory;
  vocabulary: string[];
  legRate: number;
  lost: readonly Span[];
  /** The callee's recorded audio between two times after the answer, at the leg's rate. */
  calleeAudio(fromMs: number, toMs: number): Int16Array;
}): Promise<TranscriptTurn[]> {
  const turns: TranscriptTurn[] = [];
  const spans = [...o.lost].sort((a, b) => a.startMs - b.startMs);
  const audioMs = spans.reduce((n, s) => n + s.endMs - s.startMs + 2 * MARGIN_MS, 0);
  const signal = AbortSignal.timeout(MIN_WAIT_MS + 3 * audioMs);
  for (const span of spans) {
    const from = Math.max(0, span.startMs - MARGIN_MS);
    const samples = o.calleeAudio(from, span.endMs + MARGIN_MS);
    const heard = await transcribeRecording(
      { samples, sampleRate: o.legRate, channels: 1 },
      { stt: o.stt, vad: o.vad, vocabulary: o.vocabulary, phone: o.legRate < 16_000, signal },
    ).catch(() => []);
    const text = heard
      .map((h) => h.text)
      .join(" ")
      .trim();
    if (text) turns.push({ speaker: "callee", text, startMs: span.startMs, endMs: span.endMs });
    if (signal.aborted) break;
  }
  return turns;
}
