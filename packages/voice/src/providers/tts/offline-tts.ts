import { combineTts } from "./combined-tts.ts";
import { createEspeakTts } from "./espeak-ng.ts";
import { createFliteTts } from "./flite.ts";
import type { TtsProvider } from "./tts-provider.ts";

/** The default TTS: Debian's flite and espeak-ng voices side by side, no account needed. */
export function createOfflineTts(): TtsProvider {
  return combineTts([createFliteTts(), createEspeakTts()]);
}
