import type { AgentContext, TranscriptTurn } from "../brain/brain.ts";
import { fillVariables } from "@parley/shared/fill-variables";
import { callerName } from "../brain/rules-lines.ts";

const MAX_QUOTE = 140;

const quote = (text: string) => {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > MAX_QUOTE ? `${t.slice(0, MAX_QUOTE - 1).trimEnd()}…` : t;
};

/**
 * What the agent tells the person before joining them to the caller (a warm transfer): who is calling, what
 * the campaign is about, and one line of the call so far — the caller's last words before asking for a person,
 * and why they asked. Spoken, so short and plain.
 */
export function transferBriefing(ctx: AgentContext, transcript: TranscriptTurn[], reason: string): string {
  const who = ctx.contact.name.trim() || ctx.contact.phone || "a caller";
  const topic = fillVariables(
    ctx.campaign.goal?.trim() || ctx.campaign.service.trim() || ctx.campaign.name,
    ctx.contact.variables,
  );
  const said = transcript.filter((t) => t.speaker === "callee" && t.text.trim());
  const asked = quote(reason || said.at(-1)?.text || "");
  // The caller's words before the request, when there were any: what the call was about until then.
  const before = quote(said.length > 1 ? (said.at(-2)?.text ?? "") : "");
  return [
    `Hello, this is the AI assistant of ${callerName(ctx)}, with a call for you.`,
    `I have ${who} on the line, from the ${ctx.campaign.name} campaign about ${topic}.`,
    before ? `Earlier they said: "${before}".` : "",
    asked ? `They asked to speak with a person: "${asked}".` : "They asked to speak with a person.",
    "I'm putting them through now.",
  ]
    .filter(Boolean)
    .join(" ");
}
