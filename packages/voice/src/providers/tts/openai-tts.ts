import { pcmChunks, vendorFetch } from "./http-pcm-stream.ts";
import type { TtsProvider, VoiceInfo } from "./tts-provider.ts";

export type OpenAiTtsOptions = { apiKey: string; baseUrl?: string; model?: string };

const PCM_RATE = 24_000; // response_format "pcm": raw 24 kHz 16-bit little-endian mono
const PREFIX = "openai:";
// OpenAI's built-in voices have no list endpoint; these are the documented ones every speech model takes.
const VOICES = ["alloy", "ash", "coral", "echo", "fable", "nova", "onyx", "sage", "shimmer"];

/** OpenAI (or any server speaking its /audio/speech) TTS, streamed as raw PCM. */
export function createOpenAiTts(opts: OpenAiTtsOptions): TtsProvider {
  const base = (opts.baseUrl ?? "https://api.openai.com/v1").replace(/\/$/, "");
  const model = opts.model ?? "tts-1"; // the low-latency model
  return {
    name: "openai",
    async listVoices(): Promise<VoiceInfo[]> {
      // OpenAI publishes no gender for its voices, so none is claimed.
      return VOICES.map((v) => ({
        id: PREFIX + v,
        name: v[0]!.toUpperCase() + v.slice(1),
        description: `OpenAI ${model} voice`,
        provider: "openai",
        language: "en",
        gender: "neutral",
      }));
    },
    async *synthesize(text, o) {
      const voice = o.voiceId.startsWith(PREFIX) ? o.voiceId.slice(PREFIX.length) : o.voiceId;
      let res: Response;
      try {
        res = await vendorFetch("OpenAI", `${base}/audio/speech`, {
          method: "POST",
          headers: { authorization: `Bearer ${opts.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ model, voice, input: text, response_format: "pcm" }),
          signal: o.signal,
        });
      } catch (err) {
        if (o.signal?.aborted) return;
        throw err;
      }
      yield* pcmChunks(res, PCM_RATE, o.sampleRate, o.signal);
    },
  };
}
