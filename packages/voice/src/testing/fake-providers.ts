import { tone } from "../audio/beep.ts";
import type { AgentContext, Brain, BrainFactory, CallSummary } from "../brain/brain.ts";
import type { SttProvider } from "../providers/stt/stt-provider.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";

/**
 * Instant providers for tests and the pipeline-overhead benchmark: they cost nothing, so what is measured
 * is the session itself. The audio is real (tones), so VAD, barge-in and recordings behave as in a call.
 */

/** Speech as a tone, 50 ms per character (a short sentence lasts a second or two). */
export function createToneTts(freq = 300): TtsProvider {
  const cache = new Map<string, Int16Array>(); // instant means instant: the same length is made once
  return {
    name: "tone",
    listVoices: async () => [{ id: "tone", name: "Tone", description: "Test tone", provider: "tone", language: "en-US", gender: "neutral" }],
    async *synthesize(text, { sampleRate }) {
      const ms = Math.max(100, text.length * 50);
      const key = `${sampleRate}:${ms}`;
      if (!cache.has(key)) cache.set(key, tone(sampleRate, freq, ms, 8000));
      yield cache.get(key)!;
    },
  };
}

/** Hears whatever the test says it will: each flush answers the next line (with audio or not). */
export function createScriptedStt(lines: string[]): SttProvider & { heard: number[] } {
  const heard: number[] = [];
  return {
    name: "scripted",
    sampleRate: 16_000,
    heard,
    openStream() {
      let samples = 0;
      return {
        write: (frame) => void (samples += frame.length),
        flush: async () => {
          heard.push(samples);
          samples = 0;
          return { text: lines.shift() ?? "", confidence: 1 };
        },
        close: () => {},
      };
    },
  };
}

/** A brain that echoes, books on "book", ends on "bye"; enough to drive the session in tests. */
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
  onSilence: (n) => (n === 1 ? "Are you still there?" : "I will let you go. Goodbye."),
  voicemailMessage: () => "Sorry I missed you. I will call back later.",
  finish: async (transcript): Promise<CallSummary> => ({
    outcome: "interested",
    summary: `${transcript.length} turns.`,
    sentiment: "neutral",
    extracted: {},
  }),
});

export function testContext(overrides: Partial<AgentContext> = {}): AgentContext {
  return {
    orgName: "Acme",
    campaign: { name: "Spring", description: "Premium plans", service: "sales", faqs: [], timezone: "UTC", businessHours: { start: "09:00", end: "17:00" } },
    contact: { name: "Ana Lima", firstName: "Ana", phone: "+14155550100", email: "", variables: { first_name: "Ana" } },
    recording: true,
    now: () => new Date(),
    ...overrides,
  };
}

/**
 * `VOICE_MODE=instant`: no speech engines at all, for load tests and many-worker tests. Callees speak in
 * tones, every utterance is heard as "ok bye", and the echo brain says goodbye and ends the call.
 */
export function createInstantProviders() {
  return {
    stt: {
      name: "instant",
      sampleRate: 16_000,
      openStream: () => ({ write: () => {}, flush: async () => ({ text: "ok bye", confidence: 1 }), close: () => {} }),
    } satisfies SttProvider,
    tts: createToneTts(300),
    calleeTts: createToneTts(200),
    brain: echoBrain,
    voiceId: "tone",
  };
}
