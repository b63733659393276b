import { DateTime } from "luxon";
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

const instructions =
  `Summarise this phone call as JSON only, with keys:
"outcome": one of ${OUTCOMES.join(", ")} (scheduled only if a meeting was booked),
"summary": 1 to 3 plain sentences saying what happened, nothing that is not in the call; ` +
  `name the time of a booked meeting or a callback,
"sentiment": positive, neutral or negative,
"extracted": an object of strings for what the callee said, e.g. budget ("$5,000"), service, meeting_time.`;

/** Asks the model for the summary; an error or an invalid answer falls back to the rules summariser. */
export async function summarizeWithLlm(
  config: LlmConfig,
  ctx: AgentContext,
  transcript: TranscriptTurn[],
  events: CallEvent[],
): Promise<CallSummary> {
  const rules = summarizeCall(ctx, transcript, events);
  const lines = transcript.map((t) => `${t.speaker === "agent" ? "Agent" : "Callee"}: ${t.text}`).join("\n");
  try {
    const answer = await completeChat(
      config,
      [
        { role: "system", content: instructions },
        { role: "user", content: `Callee: ${ctx.contact.name}\nTool results: ${rules.summary}\n\n${lines}` },
      ],
      AbortSignal.timeout(config.timeoutMs ?? 20_000),
    );
    const parsed = LlmSummarySchema.parse(jsonBlock(answer));
    return agreeWithFacts(parsed, rules, ctx.campaign.timezone, events);
  } catch {
    return rules;
  }
}

/**
 * What the tools did is fact: a booking, an opt-out or a callback decides the outcome whatever the model thinks,
 * and a model that claims one that did not happen, disagrees with one that did, or leaves out its time is not
 * believed: the rules summary (built from those facts) is kept, with whatever fields the model learnt.
 */
function agreeWithFacts(
  parsed: z.infer<typeof LlmSummarySchema>,
  rules: CallSummary,
  tz: string,
  events: CallEvent[],
): CallSummary {
  const timed = events.find((e) => e.kind === "booked" || e.kind === "callback");
  const factual =
    rules.outcome === "scheduled" ||
    rules.outcome === "do_not_call" ||
    (timed?.kind === "callback" && rules.outcome === "follow_up");
  const claimsFact = parsed.outcome === "scheduled" || parsed.outcome === "do_not_call";
  const extracted = { ...parsed.extracted, ...rules.extracted };
  if (factual ? parsed.outcome !== rules.outcome : claimsFact) return { ...rules, extracted };
  if (factual && timed && rules.outcome !== "do_not_call") {
    const at = timed.kind === "booked" ? timed.start : timed.at;
    if (!mentionsTime(parsed.summary, at, tz)) return { ...rules, extracted };
  }
  return { ...parsed, extracted };
}

/** Whether a sentence names this time of day, as "3 PM", "3pm", "3:00" or "15:00" (any case). */
export function mentionsTime(text: string, at: Date, tz: string): boolean {
  const t = DateTime.fromJSDate(at, { zone: tz });
  const h12 = t.toFormat("h"),
    mm = t.toFormat("mm"),
    ap = t.toFormat("a").toLowerCase();
  const forms = [`${h12}:${mm}`, `${t.toFormat("HH")}:${mm}`, `${t.toFormat("H")}:${mm}`];
  if (mm === "00") forms.push(`${h12} ${ap}`, `${h12}${ap}`, `${h12} ${ap.split("").join(".")}.`);
  const lower = text.toLowerCase();
  return forms.some((f) => new RegExp(`(^|[^0-9])${f.replace(/\./g, "\\.")}`).test(lower));
}
