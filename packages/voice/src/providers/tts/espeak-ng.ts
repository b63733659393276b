import type { TtsProvider, VoiceInfo } from "./tts-provider.ts";
import { createCliTts } from "./cli-tts.ts";

const VOICES: VoiceInfo[] = [
  {
    id: "espeak-ng:en-us",
    name: "Max",
    description: "Clear robotic American voice (espeak-ng en-us)",
    provider: "espeak-ng",
    language: "en-US",
    gender: "male",
  },
  {
    id: "espeak-ng:en-us+f3",
    name: "Ava",
    description: "Bright American female voice (espeak-ng en-us+f3)",
    provider: "espeak-ng",
    language: "en-US",
    gender: "female",
  },
  {
    id: "espeak-ng:en-gb-x-rp",
    name: "Oliver",
    description: "British received pronunciation (espeak-ng en-gb-x-rp)",
    provider: "espeak-ng",
    language: "en-GB",
    gender: "male",
  },
  {
    id: "espeak-ng:en-gb+f2",
    name: "Isla",
    description: "British female voice (espeak-ng en-gb+f2)",
    provider: "espeak-ng",
    language: "en-GB",
    gender: "female",
  },
];

/** Offline TTS with Debian's `espeak-ng`, a little faster than its default pace for phone calls. */
export function createEspeakTts(bin = "espeak-ng"): TtsProvider {
  return createCliTts("espeak-ng", bin, VOICES, (voice, text, wav) => ["-v", voice, "-s", "165", "-w", wav, text]);
}
