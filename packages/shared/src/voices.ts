import { z } from "zod";

/** A voice of the configured TTS; `id` (= `voice_id`) is what a campaign stores as voice_id. */
export const Voice = z.object({
  id: z.string(),
  voice_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** A WAV clip of this voice reading a short sentence; null while it is being made or if it failed. */
  preview_url: z.string().nullable(),
  provider: z.string(),
  language: z.string(),
  gender: z.enum(["female", "male", "neutral"]),
});
export type Voice = z.infer<typeof Voice>;

export const VoiceList = z.object({ voices: z.array(Voice) });
export type VoiceList = z.infer<typeof VoiceList>;
