import { tone } from "@parley/voice/audio/beep";
import type { TtsProvider } from "@parley/voice/providers/tts/tts-provider";
import type { AgentContext } from "@parley/voice/brain/brain";
import type { SttProvider, SttResult } from "@parley/voice/providers/stt/stt-provider";
import type { Expectation } from "@parley/voice/expectation/expectation";

/**
 * Hears whatever the test says it will: each flush answers the next line (with audio or not), a line being words or
 * a whole result (an answers decoder's `answer`/`askAgain`). `heard`: the samples each utterance brought, at the
 * stream's rate (16 kHz unless `sampleRate` says otherwise); `expected`: each expectation the session set.
 */
export function createScriptedStt(
  lines: Array<string | SttResult>,
  sampleRate = 16_000,
): SttProvider & { heard: number[]; expected: Expectation[] } {
  const heard: number[] = [];
  const expected: Expectation[] = [];
  return {
    name: "scripted",
    heard,
    expected,
    openStream() {
      let samples = 0;
      return {
        sampleRate,
        write: (frame) => {
          samples += frame.length;
        },
        flush: async () => {
          heard.push(samples);
          samples = 0;
          const line = lines.shift() ?? "";
          return typeof line === "string" ? { text: line, confidence: 1 } : line;
        },
        expect: (e) => void expected.push(e),
        close: () => {},
      };
    },
  };
}

/** A call's context with a contact and campaign that tests can override piece by piece. */
export function testContext(overrides: Partial<AgentContext> = {}): AgentContext {
  return {
    orgName: "Acme",
    campaign: {
      name: "Spring",
      description: "Premium plans",
      service: "sales",
      faqs: [],
      timezone: "UTC",
      businessHours: { start: "09:00", end: "17:00" },
    },
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
    name: "tone",
    listVoices: async () => [],
    async *synthesize(_text, { sampleRate }) {
      yield tone(sampleRate, freq, ms, 8000);
    },
  };
}
