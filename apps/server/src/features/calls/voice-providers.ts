import { createBrainFactory } from "@parley/voice/brain/create-brain";
import { createDeepgramStt } from "@parley/voice/providers/stt/deepgram/deepgram-stt";
import { createOpenAiStt } from "@parley/voice/providers/stt/openai-stt";
import { createPocketsphinxStt } from "@parley/voice/providers/stt/pocketsphinx/pocketsphinx-stt";
import type { SttProvider } from "@parley/voice/providers/stt/stt-provider";
import { createOfflineTts } from "@parley/voice/providers/tts/offline-tts";
import { createTts } from "@parley/voice/providers/tts/create-tts";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { createTwilioTelephony, type TwilioWebhooks } from "@parley/voice/telephony/twilio/twilio-telephony";
import { createSipTelephony } from "@parley/voice/telephony/sip/sip-telephony";
import { createInstantProviders } from "@parley/voice/providers/instant-providers";
import { loadSileroVad } from "@parley/voice/audio/silero-vad";
import type { VadFactory } from "@parley/voice/audio/vad";
import type { VoiceConfig } from "../../platform/config.ts";
import type { Logger } from "../../platform/logger.ts";
import type { VoiceProviders } from "./call-runner.ts";

export type ConfiguredVoice = VoiceProviders & { twilioWebhooks: TwilioWebhooks | null };

/** The providers chosen by the environment; every default runs offline with no account. */
export function createVoiceProviders(cfg: VoiceConfig, log: Logger): ConfiguredVoice {
  if (cfg.instant) {
    const p = createInstantProviders();
    return {
      telephony: createSimulatedTelephony({
        tts: p.calleeTts,
        ringMs: cfg.simulatedRingMs,
        audioDir: cfg.simulatedAudioDir,
      }),
      stt: p.stt,
      tts: p.tts,
      brain: p.brain,
      defaultVoiceId: p.voiceId,
      recording: cfg.recordCalls,
      twilioWebhooks: null,
    };
  }
  const tts = createTts(cfg.tts);
  const stt = createStt(cfg.stt);
  const vad = createSpeechVad(log);
  const brain = createBrainFactory({ llm: cfg.llm });
  const common = {
    stt,
    vad,
    tts,
    brain,
    defaultVoiceId: cfg.defaultVoiceId,
    recording: cfg.recordCalls,
    optOutDigit: cfg.dtmfOptOutDigit,
  };
  if ((cfg.sip || cfg.twilio) && cfg.stt.provider === "pocketsphinx") {
    // The phone-line word error rates are in docs/speech-recognition.md (`npm run bench -- hearing`).
    log.warn(
      `TELEPHONY=${cfg.sip ? "sip" : "twilio"} with the offline speech ` +
        "recognition: on 8 kHz phone lines pocketsphinx misses a third " +
        "to a half of real callers' words. Set STT_PROVIDER=deepgram (or openai) and STT_API_KEY for real calls.",
    );
  }
  if (cfg.sip) {
    const sip = createSipTelephony({ ...cfg.sip, log: (level, message) => log[level](message) });
    // A process that dials opens the socket (and registers) at start-up, so a wrong SIP_BIND or a refused
    // registration is said at once; one that does not (DIALER=0) leaves SIP_BIND to the workers.
    if (cfg.dialer) {
      void sip.start().then(
        (r) => (r.ok ? log.info(r.message) : log.error(r.message)),
        (err: Error) => log.error(err.message),
      );
    }
    return { ...common, telephony: sip, twilioWebhooks: null };
  }
  if (cfg.twilio) {
    const twilio = createTwilioTelephony({ ...cfg.twilio, onError: (message, err) => log.error({ err }, message) });
    return { ...common, telephony: twilio, twilioWebhooks: twilio.webhooks };
  }
  // The simulated callees always speak with the offline voices (flite slt), whatever the agent uses, and
  // hear the agent's words from its brain so they can answer what it asks (agent-ears.ts).
  const simulated = createSimulatedTelephony({
    tts: createOfflineTts(),
    ringMs: cfg.simulatedRingMs,
    audioDir: cfg.simulatedAudioDir,
  });
  return { ...common, brain: simulated.listenToAgent(brain), telephony: simulated, twilioWebhooks: null };
}

/** Silero VAD for calls with real voices (calls and `npm run transcribe` hear alike); energy where it cannot load. */
export function createSpeechVad(log: Pick<Logger, "warn">): VadFactory | undefined {
  const choice = loadSileroVad();
  if (!choice.vad)
    log.warn(
      `Silero VAD could not be loaded (${choice.reason}): callers are told from ` +
        "silence by loudness alone, which noise fools. Run npm ci.",
    );
  return choice.vad ?? undefined;
}

/** The speech recognition the configuration chooses (calls and `npm run transcribe` hear alike). */
export function createStt({ provider, apiKey, baseUrl, model }: VoiceConfig["stt"]): SttProvider {
  if (provider === "pocketsphinx") return createPocketsphinxStt();
  if (!apiKey) throw new Error(`STT_PROVIDER=${provider} needs STT_API_KEY.`);
  // Each call is heard at its line's rate (cloudSttRate): a phone line's 8 kHz without resampling, an HD line's 16.
  return provider === "deepgram"
    ? createDeepgramStt({ apiKey, baseUrl, model })
    : createOpenAiStt({ apiKey, baseUrl, model });
}
