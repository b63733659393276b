import { createElevenLabsTts } from "./elevenlabs-tts.ts";
import { createOfflineTts } from "./offline-tts.ts";
import { createOpenAiTts } from "./openai-tts.ts";
import type { TtsProvider } from "./tts-provider.ts";

export type TtsConfig = {
  provider: "offline" | "elevenlabs" | "openai";
  apiKey?: string;
  baseUrl?: string;
  model?: string;
};

/** The TTS the configuration asks for; cloud engines need a key, the offline default needs nothing. */
export function createTts(cfg: TtsConfig): TtsProvider {
  if (cfg.provider === "offline") return createOfflineTts();
  if (!cfg.apiKey) throw new Error(`TTS_PROVIDER=${cfg.provider} needs TTS_API_KEY.`);
  const opts = { apiKey: cfg.apiKey, baseUrl: cfg.baseUrl, model: cfg.model };
  return cfg.provider === "elevenlabs" ? createElevenLabsTts(opts) : createOpenAiTts(opts);
}
