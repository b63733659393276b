import { tone } from "@parley/voice/audio/beep";
import type { TtsProvider } from "@parley/voice/providers/tts/tts-provider";
import type { AgentContext } from "@parley/voice/brain/brain";
import type { SttProvider } from "@parley/voice/providers/stt/stt-provider";

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

/** A call's context with a contact and campaign that tests can override piece by piece. */
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

/** Tools that do nothing: for sessions whose test is not about them. */
export const noAgentTools = {
  bookMeeting: async () => ({ booked: false as const, reason: "test", alternatives: [] }),
  scheduleCallback: async () => {},
  markDoNotCall: async () => {},
  retrieve: async () => [],
};

/** Every sentence is `ms` of one tone: calls whose timing does not depend on what is said. */
export function fixedToneTts(freq: number, ms: number): TtsProvider {
  return {
    name: "tone", listVoices: async () => [],
    async *synthesize(_text, { sampleRate }) {
      yield tone(sampleRate, freq, ms, 8000);
    },
  };
}
