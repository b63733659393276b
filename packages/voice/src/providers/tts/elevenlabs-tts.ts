import { pcmChunks, vendorFetch } from "./http-pcm-stream.ts";
import type { TtsProvider, VoiceInfo } from "./tts-provider.ts";

export type ElevenLabsOptions = { apiKey: string; baseUrl?: string; model?: string };

// Raw PCM rates ElevenLabs streams; any other rate is resampled from the nearest one above it.
const PCM_RATES = [16000, 22050, 24000, 44100];
const PREFIX = "elevenlabs:";

/** ElevenLabs streaming TTS: raw PCM over HTTP, chunks handed on as they arrive. */
export function createElevenLabsTts(opts: ElevenLabsOptions): TtsProvider {
  const base = (opts.baseUrl ?? "https://api.elevenlabs.io").replace(/\/$/, "");
  const model = opts.model ?? "eleven_flash_v2_5"; // their lowest-latency model
  const headers = { "xi-api-key": opts.apiKey, accept: "application/json" };
  return {
    name: "elevenlabs",
    async listVoices() {
      const res = await vendorFetch("ElevenLabs", `${base}/v1/voices`, { headers });
      const body = (await res.json()) as { voices?: ElevenLabsVoice[] };
      return (body.voices ?? []).map(toVoiceInfo);
    },
    async *synthesize(text, o) {
      const rate = PCM_RATES.find((r) => r >= o.sampleRate) ?? PCM_RATES.at(-1)!;
      const voice = encodeURIComponent(o.voiceId.startsWith(PREFIX) ? o.voiceId.slice(PREFIX.length) : o.voiceId);
      const url = `${base}/v1/text-to-speech/${voice}/stream?output_format=pcm_${rate}`;
      let res: Response;
      try {
        res = await vendorFetch("ElevenLabs", url, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json", accept: "audio/pcm" },
          body: JSON.stringify({ text, model_id: model }),
          signal: o.signal,
        });
      } catch (err) {
        if (o.signal?.aborted) return;
        throw err;
      }
      yield* pcmChunks(res, rate, o.sampleRate, o.signal);
    },
  };
}

type ElevenLabsVoice = { voice_id: string; name: string; description?: string | null; labels?: Record<string, string> };

function toVoiceInfo(v: ElevenLabsVoice): VoiceInfo {
  const labels = v.labels ?? {};
  const gender = labels.gender === "male" || labels.gender === "female" ? labels.gender : "neutral";
  const description =
    v.description || [labels.description, labels.accent, labels.age, labels.use_case].filter(Boolean).join(", ");
  return {
    id: PREFIX + v.voice_id,
    name: v.name,
    description,
    provider: "elevenlabs",
    language: labels.language ?? "en",
    gender,
  };
}
