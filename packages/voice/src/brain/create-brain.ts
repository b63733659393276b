import type { BrainFactory } from "./brain.ts";
import { createLlmBrain } from "./llm-brain.ts";
import { createRulesBrain } from "./rules-brain.ts";
import { withFallback } from "./with-fallback.ts";

export type BrainConfig = { llm: { baseUrl: string; apiKey?: string; model: string } | null };

/** The LLM brain with the rules brain behind it when an LLM is configured; the offline rules brain otherwise. */
export function createBrainFactory(config: BrainConfig): BrainFactory {
  return config.llm ? withFallback(createLlmBrain(config.llm), createRulesBrain) : createRulesBrain;
}
