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
