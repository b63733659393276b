import type { AgentContext } from "./brain.ts";
import { speakDateTime } from "./spoken-time.ts";
import { fillVariables } from "./template.ts";

/** The fixed lines of the offline agent, personalised from the contact and the campaign. */

const first = (ctx: AgentContext): string => ctx.contact.firstName.trim() || ctx.contact.variables.first_name?.trim() || "";
const hi = (ctx: AgentContext): string => (first(ctx) ? `Hi ${first(ctx)}` : "Hi there");

/** "premium plans" from the campaign's description (first short sentence) or else its name. */
export function topicOf(ctx: AgentContext): string {
  const description = fillVariables(ctx.campaign.description, ctx.contact.variables).split(/(?<=[.!?])\s/)[0]?.replace(/[.!?]+$/, "").trim() ?? "";
  const topic = description && description.length <= 80 ? description : ctx.campaign.name.trim();
  if (!topic) return `our ${ctx.campaign.service}`;
  // "Our premium plans" reads mid-sentence as "our premium plans"; a name such as "Acme Pro" keeps its capital.
  return /^(our|the|a|an|your|new|premium|special|exclusive)\b/i.test(topic) ? topic.charAt(0).toLowerCase() + topic.slice(1) : topic;
}

export function introduction(ctx: AgentContext): string {
  return `this is an AI assistant calling on behalf of ${ctx.orgName} about ${topicOf(ctx)}.`;
}

/** The AI disclosure and the recording notice always come first; the campaign's opening line follows. */
export function greetingLine(ctx: AgentContext): string {
  const recorded = ctx.recording ? " This call is recorded." : "";
  const opening = fillVariables(ctx.campaign.openingLine ?? "", ctx.contact.variables).trim();
  if (opening) return `${hi(ctx)}, this is an AI assistant calling on behalf of ${ctx.orgName}.${recorded} ${opening}`;
  return `${hi(ctx)}, ${introduction(ctx)}${recorded} Do you have a minute?`;
}

export const lines = {
  reintroduce: (ctx: AgentContext) => `Hi, ${introduction(ctx)} Do you have a minute?`,
  pitch: (ctx: AgentContext) => `Great, thank you${first(ctx) ? `, ${first(ctx)}` : ""}.`,
  proposeMeeting: (ctx: AgentContext) => `I'd love to set up a short meeting with the ${ctx.orgName} team to go through ${topicOf(ctx)}. What day and time would suit you?`,
  askTime: () => "What day and time would work best for you?",
  checking: () => "Let me check the calendar.",
  booked: (ctx: AgentContext, at: Date) => `You're booked for ${speakDateTime(at, ctx.campaign.timezone)}.`,
  alternatives: (ctx: AgentContext, alts: Date[]) => {
    const words = alts.slice(0, 2).map((a) => speakDateTime(a, ctx.campaign.timezone));
    if (!words.length) return "I'm sorry, that time isn't available and I couldn't find a free slot nearby. What other day would suit you?";
    return `I'm sorry, that time isn't available. I could do ${words.join(" or ")}. Which works better for you?`;
  },
  anythingElse: () => "Is there anything else I can help you with?",
  askWhatElse: () => "Sure, what else would you like to know?",
  askCallbackTime: () => "Of course. When would be a better time to call you back?",
  callbackSet: (ctx: AgentContext, at: Date) => `No problem. I'll call you back on ${speakDateTime(at, ctx.campaign.timezone)}.`,
  goodbye: (ctx: AgentContext) => `Thank you for your time${first(ctx) ? `, ${first(ctx)}` : ""}. Have a great day. Goodbye.`,
  notInterested: () => "I understand, thanks for letting me know.",
  dnc: () => "I'm sorry for the trouble. I've removed your number from our list, and you won't be called again.",
  repeat: () => "Sorry, I didn't quite catch that. Could you say it again?",
  offerCallback: () => "I'm having trouble hearing you. Would it be better if I called you back another time?",
  goAhead: () => "Alright, please go ahead.",
  silence: (count: number) => (count <= 1 ? "Are you still there?" : "It seems this isn't a good time. I'll try again later. Goodbye."),
  voicemail: (ctx: AgentContext) =>
    `${hi(ctx)}, ${introduction(ctx)} Sorry we missed you. We'll try you again another time. Have a great day.`,
};
