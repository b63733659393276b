import { createOfflineTts } from "@parley/voice/providers/tts/offline-tts";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { createInstantProviders } from "@parley/voice/testing/fake-providers";
import type { VoiceConfig } from "../../platform/config.ts";
import type { VoiceProviders } from "./call-runner.ts";

/** The providers chosen by the environment; every default runs offline with no account. */
export function createVoiceProviders(cfg: VoiceConfig): VoiceProviders {
  if (cfg.instant) {
    const p = createInstantProviders();
    return {
      telephony: createSimulatedTelephony({ tts: p.calleeTts, ringMs: cfg.simulatedRingMs }),
      stt: p.stt, tts: p.tts, brain: p.brain, defaultVoiceId: p.voiceId, recording: cfg.recordCalls,
    };
  }
  const tts = createOfflineTts();
  const notReady = (): never => {
    throw new Error("TEMPORARY: speech-to-text and brain providers are being wired");
  };
  return {
    telephony: createSimulatedTelephony({ tts, ringMs: cfg.simulatedRingMs }),
    stt: { name: "pending", sampleRate: 16000, openStream: notReady },
    tts,
    brain: notReady,
    defaultVoiceId: cfg.defaultVoiceId,
    recording: cfg.recordCalls,
  };
}
