import type { TtsProvider, VoiceInfo } from "./tts-provider.ts";
import { createCliTts } from "./cli-tts.ts";

// Debian's flite voices at 16 kHz (kal is an 8 kHz diphone voice and sounds worse; kal16 replaces it).
const VOICES: VoiceInfo[] = [
  {
    id: "flite:slt",
    name: "Sara",
    description: "Warm American female voice (flite slt)",
    provider: "flite",
    language: "en-US",
    gender: "female",
  },
  {
    id: "flite:rms",
    name: "Ryan",
    description: "Calm American male voice (flite rms)",
    provider: "flite",
    language: "en-US",
    gender: "male",
  },
  {
    id: "flite:awb",
    name: "Alan",
    description: "Scottish English male voice (flite awb)",
    provider: "flite",
    language: "en-GB",
    gender: "male",
  },
  {
    id: "flite:kal16",
    name: "Kevin",
    description: "Crisp American male voice (flite kal16)",
    provider: "flite",
    language: "en-US",
    gender: "male",
  },
];

/** Offline TTS with Debian's `flite`; it writes a WAV file. */
export function createFliteTts(bin = "flite"): TtsProvider {
  return createCliTts("flite", bin, VOICES, (voice, text, wav) => ["-voice", voice, "-t", text, "-o", wav]);
}
