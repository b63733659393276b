import { KB_SPOKEN_QUESTION_MAX_MS, type KbTranscribeResponse } from "@parley/shared/knowledge-base";
import { decodeWav, type Pcm } from "@parley/voice/audio/wav";
import { transcribeRecording } from "@parley/voice/listening/transcribe-recording";
import type { VadFactory } from "@parley/voice/audio/vad";
import type { SttProvider } from "@parley/voice/providers/stt/stt-provider";
import { AppError } from "../../http/errors.ts";

type Deps = {
  /** The speech recognition calls use (configured STT provider). */
  stt: SttProvider;
  /** The voice activity detection calls use. */
  vad?: VadFactory;
  /** The words a call of this campaign favours; throws not_found for a campaign of another organisation. */
  campaignVocabulary: (orgId: string, campaignId: string) => Promise<string[]>;
};

/**
 * "Say a question" in the knowledge base test box: the recording goes through exactly the listening path
 * of a browser test call (16 kHz leg, voice activity, endpointing, the configured STT), so what the box
 * hears is what a call would have heard.
 */
export function createKbTranscribeService({ stt, vad, campaignVocabulary }: Deps) {
  return {
    async transcribe(orgId: string, wav: Buffer, campaignId?: string): Promise<KbTranscribeResponse> {
      const pcm = readRecording(wav);
      const durationMs = Math.round((pcm.samples.length / pcm.channels / pcm.sampleRate) * 1000);
      if (durationMs > KB_SPOKEN_QUESTION_MAX_MS) {
        throw new AppError(
          "payload_too_large",
          `A spoken question can be at most ${KB_SPOKEN_QUESTION_MAX_MS / 1000} seconds ` +
            `long; this recording is ${Math.round(durationMs / 1000)} seconds.`,
        );
      }
      const vocabulary = campaignId ? await campaignVocabulary(orgId, campaignId) : [];
      const heard = await transcribeRecording(pcm, { stt, vad, vocabulary });
      const utterances = heard.map(({ start_ms, end_ms, text, confidence }) => ({
        start_ms,
        end_ms,
        text,
        confidence,
      }));
      return { text: utterances.map((u) => u.text).join(" "), duration_ms: durationMs, utterances };
    },
  };
}
export type KbTranscribeService = ReturnType<typeof createKbTranscribeService>;

/** A PCM16 WAV with at least one sample, or a 400 the user can act on. */
function readRecording(wav: Buffer): Pcm {
  let pcm: Pcm;
  try {
    pcm = decodeWav(wav);
  } catch (err) {
    throw new AppError("validation_failed", `The recording is not a PCM16 WAV file (${(err as Error).message}).`);
  }
  if (!pcm.sampleRate || !pcm.channels || pcm.sampleRate < 8000 || pcm.sampleRate > 96_000) {
    throw new AppError("validation_failed", "The recording's WAV header has no usable sample rate or channel count.");
  }
  if (!pcm.samples.length) throw new AppError("validation_failed", "The recording is empty.");
  return pcm;
}
