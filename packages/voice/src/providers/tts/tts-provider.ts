/** A voice the agent can speak with; `id` is what campaigns store as voice_id. */
export type VoiceInfo = {
  id: string;
  name: string;
  description: string;
  /** The engine behind it, e.g. "flite", "espeak-ng", "elevenlabs". */
  provider: string;
  language: string;
  gender: "female" | "male" | "neutral";
};

/** Text to speech: every adapter (offline or cloud) implements this, nothing more. */
export interface TtsProvider {
  readonly name: string;
  listVoices(): Promise<VoiceInfo[]>;
  /** PCM16 mono chunks at `sampleRate`, as soon as the engine produces them (first chunk early). */
  synthesize(
    text: string,
    opts: { voiceId: string; sampleRate: number; signal?: AbortSignal },
  ): AsyncIterable<Int16Array>;
}
