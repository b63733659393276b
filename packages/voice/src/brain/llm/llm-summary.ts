import { z } from "zod";
import type { AgentContext, CallSummary, TranscriptTurn } from "../brain.ts";
import type { CallEvent } from "../call-events.ts";
import { summarizeCall } from "../rules-summary.ts";
import { completeChat } from "./chat-client.ts";
import type { LlmConfig } from "./chat-types.ts";

const OUTCOMES = ["interested", "not_interested", "follow_up", "scheduled", "do_not_call"] as const;

export const LlmSummarySchema = z.object({
  outcome: z.enum(OUTCOMES),
  summary: z.string().trim().min(1).max(600),
  sentiment: z.enum(["positive", "neutral", "negative"]),
  extracted: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).default({}),
});

/** The first {...} block of a model's answer (models like to wrap JSON in prose or code fences). */
function jsonBlock(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) throw new Error("no JSON object in the answer");
  return JSON.parse(text.slice(start, end + 1));
}

const instructions = `Summarise this phone call as JSON only, with keys:
"outcome": one of ${OUTCOMES.join(", ")} (scheduled only if a meeting was booked),
"summary": 1 to 3 plain sentences saying what happened, nothing that is not in the call,
"sentiment": positive, neutral or negative,
"extracted": an object of strings for what the callee said, e.g. budget ("$5,000"), service, meeting_time.`;

/** Asks the model for the summary; an error or an invalid answer falls back to the rules summariser. */
export async function summarizeWithLlm(config: LlmConfig, ctx: AgentContext, transcript: TranscriptTurn[], events: CallEvent[]): Promise<CallSummary> {
  const rules = summarizeCall(ctx, transcript, events);
  const lines = transcript.map((t) => `${t.speaker === "agent" ? "Agent" : "Callee"}: ${t.text}`).join("\n");
  try {
    const answer = await completeChat(config, [
      { role: "system", content: instructions },
      { role: "user", content: `Callee: ${ctx.contact.name}\nTool results: ${rules.summary}\n\n${lines}` },
    ], AbortSignal.timeout(config.timeoutMs ?? 20_000));
    const parsed = LlmSummarySchema.parse(jsonBlock(answer));
    // What the tools did is fact: it decides the outcome whatever the model thinks.
    const outcome = rules.outcome === "do_not_call" || rules.outcome === "scheduled" ? rules.outcome : parsed.outcome;
    return { ...parsed, outcome, extracted: { ...parsed.extracted, ...rules.extracted } };
  } catch {
    return rules;
  }
}
