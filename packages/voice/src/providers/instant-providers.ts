import { tone } from "../audio/beep.ts";
import type { AgentContext, Brain, BrainFactory, CallSummary } from "../brain/brain.ts";
import { OPEN } from "../expectation/expectation.ts";
import type { SttProvider } from "./stt/stt-provider.ts";
import type { TtsProvider } from "./tts/tts-provider.ts";

/**
 * `VOICE_MODE=instant`: providers that cost nothing, for load tests and many-worker tests, so what is
 * measured is the session itself. The audio is real (tones), so VAD, barge-in and recordings behave as
 * in a call. Tests and the pipeline-overhead benchmark use the tone voice and the echo brain as well.
 */

/** Speech as a tone, 50 ms per character (a short sentence lasts a second or two). */
export function createToneTts(freq = 300): TtsProvider {
  const cache = new Map<string, Int16Array>(); // instant means instant: the same length is made once
  return {
    name: "tone",
    listVoices: async () => [
      { id: "tone", name: "Tone", description: "Test tone", provider: "tone", language: "en-US", gender: "neutral" },
    ],
    async *synthesize(text, { sampleRate }) {
      const ms = Math.max(100, text.length * 50);
      const key = `${sampleRate}:${ms}`;
      if (!cache.has(key)) cache.set(key, tone(sampleRate, freq, ms, 8000));
      yield cache.get(key)!;
    },
  };
}

/** A brain that echoes, ends on "bye" and says goodbye on silence: enough to drive a session. */
export const echoBrain: BrainFactory = (ctx: AgentContext, tools): Brain => ({
  name: "echo",
  greeting: () => `Hi ${ctx.contact.firstName}, this is an AI assistant calling for ${ctx.orgName}.`,
  async *reply(text) {
    if (/bye/i.test(text)) {
      tools.endCall();
      yield "Goodbye.";
      return;
    }
    yield `You said ${text}.`;
    yield "Anything else?";
  },
  expecting: () => OPEN,
  onSilence: (n) => (n === 1 ? "Are you still there?" : "I will let you go. Goodbye."),
  voicemailMessage: () => "Sorry I missed you. I will call back later.",
  finish: async (transcript): Promise<CallSummary> => ({
    outcome: "interested",
    summary: `${transcript.length} turns.`,
    sentiment: "neutral",
    extracted: {},
  }),
});

/** Callees speak in tones, every utterance is heard as "ok bye", and the echo brain says goodbye and ends the call. */
export function createInstantProviders() {
  return {
    stt: {
      name: "instant",
      openStream: () => ({
        sampleRate: 16_000,
        write: () => {},
        flush: async () => ({ text: "ok bye", confidence: 1 }),
        close: () => {},
      }),
    } satisfies SttProvider,
    tts: createToneTts(300),
    calleeTts: createToneTts(200),
    brain: echoBrain,
    voiceId: "tone",
  };
}
