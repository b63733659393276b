// The offline default TTS and WAV encoder come from the voice engine package.
export { createOfflineTts } from "@parley/voice/providers/tts/offline-tts";
export { encodeWav } from "@parley/voice/audio/wav";
