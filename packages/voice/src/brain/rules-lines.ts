import type { AgentContext } from "./brain.ts";
import type { PendingAction } from "./pending-action.ts";
import { speakDateTime } from "./spoken-time.ts";
import { fillVariables } from "@parley/shared/fill-variables";

/** The fixed lines of the offline agent, personalised from the contact and the campaign. */

const first = (ctx: AgentContext): string =>
  ctx.contact.firstName.trim() || ctx.contact.variables.first_name?.trim() || "";
const hi = (ctx: AgentContext): string => (first(ctx) ? `Hi ${first(ctx)}` : "Hi there");

/**
 * Who the agent calls for: the company the opening line introduces ("this is Sam from Bright Dental"), as the
 * callee heard it first and must hear it again; else the company as spoken (Settings); else the organisation.
 */
export const callerName = (ctx: AgentContext): string =>
  companyInOpening(ctx) || ctx.companyName?.trim() || ctx.orgName;
const self = (ctx: AgentContext): string =>
  ctx.agentName?.trim() ? `${ctx.agentName.trim()}, an AI assistant` : "an AI assistant";

/** The AI disclosure without the opening line: the campaign's description and name are the team's, never said. */
export function introduction(ctx: AgentContext): string {
  return `this is ${self(ctx)} calling on behalf of ${callerName(ctx)}.`;
}

// "Hi Wendy," "Good morning!": the greeting says hello once, with the contact's name.
const SALUTATION = new RegExp(
  String.raw`^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))\b(?:\s+(?!this\b|` +
    String.raw`it's\b|my\b|i'm\b|i\b)[\p{L}'-]+){0,3}\s*[,.!?]*\s*`,
  "iu",
);
// "this is Sam from Bright Dental." "My name is Sam." "I'm Sam from…" (not "I'm calling about…").
// no i flag: \p{Lu} must stay upper case
const SELF_INTRO = /^((?:[Tt]his is|[Ii]t's|[Ii]t is|[Mm]y name is|(?:I'm|I am)(?=\s+\p{Lu}))\s+[^.!?]+[.!?])\s*/u;

/** The opening line in its parts: a self-introduction the agent keeps as its own, and the rest. */
export function splitOpening(opening: string): { intro: string | null; rest: string } {
  const text = opening.trim().replace(SALUTATION, "");
  const intro = SELF_INTRO.exec(text);
  if (!intro) return { intro: null, rest: text };
  const said = intro[1]!.replace(/^(This|It|My)\b/, (w) => w.toLowerCase());
  return { intro: said, rest: text.slice(intro[0].length).trim() };
}

/**
 * One opening in the campaign's words: hello with the contact's name, the self-introduction of the opening
 * line (else the agent's own), the AI disclosure and the recording notice once, then the rest of the line.
 */
export function greetingLine(ctx: AgentContext): string {
  const { intro, rest: after } = openingOf(ctx);
  // What follows the hello ("Hi {name}, how are you?") now starts a sentence of its own.
  const rest = after.charAt(0).toUpperCase() + after.slice(1);
  const recorded = ctx.recording;
  if (ctx.inbound) {
    // Answering: the company first (the caller checks they reached the right place), then who answers.
    const who = intro ? `${intro[0]!.toUpperCase()}${intro.slice(1)} I'm an AI assistant` : `This is ${self(ctx)}`;
    return (
      `Thank you for calling ${callerName(ctx)}. ` +
      `${who}${recorded ? ", and this call is recorded" : ""}. ` +
      `${rest || "How can I help you today?"}`
    );
  }
  const who = intro
    ? `${intro} I'm an AI assistant${recorded ? ", and this call is recorded" : ""}.`
    : `${introduction(ctx)}${recorded ? " This call is recorded." : ""}`;
  return `${hi(ctx)}, ${who} ${rest || "Do you have a minute?"}`;
}

const openingOf = (ctx: AgentContext) =>
  splitOpening(fillVariables(ctx.campaign.openingLine ?? "", ctx.contact.variables));

// "…Sam from Bright Dental." "I'm Sam, with Acme Realty." A capital after from/with/at names a company.
const FROM_COMPANY = /\s(?:from|with|at)\s+(\p{Lu}[^.!?]*?)\s*[.!?]*$/u;

function companyInOpening(ctx: AgentContext): string | null {
  const { intro } = openingOf(ctx);
  return (intro && FROM_COMPANY.exec(intro)?.[1]?.trim()) || null;
}

/** Who is calling, in the opening line's words when it introduces someone, always with the AI disclosure. */
function whoIsCalling(ctx: AgentContext): string {
  const { intro } = openingOf(ctx);
  return intro ? `${intro} I'm an AI assistant.` : introduction(ctx);
}

function refusal(when: string, reason: string): string {
  if (reason === "in_past") return `${when} has already passed.`;
  if (reason === "outside_hours") return `I'm sorry, ${when} is outside our meeting hours.`;
  if (reason === "conflict") return `I'm sorry, ${when} is already taken.`;
  return "I'm sorry, that time isn't available.";
}

export const lines = {
  reintroduce: (ctx: AgentContext) => `Hi, ${whoIsCalling(ctx)} Do you have a minute?`,
  pitch: (ctx: AgentContext) => `Great, thank you${first(ctx) ? `, ${first(ctx)}` : ""}.`,
  proposeMeeting: (ctx: AgentContext) =>
    `I'd love to set up a short meeting with the ${callerName(ctx)} team. What day and time would suit you?`,
  askTime: () => "What day and time would work best for you?",
  backToMeeting: () => "So, what day and time would suit you for the meeting?",
  backToAlternatives: () => "So, would one of those times work for you?",
  /** A time the agent completed (a day without an hour, an hour without a day): booked only on the callee's yes. */
  proposeSlot: (ctx: AgentContext, at: Date) => `Shall I book ${speakDateTime(at, ctx.campaign.timezone)}?`,
  /** A time the callee named or picked, said back on their clock (the zone the agent speaks): booked on a yes. */
  readBack: (ctx: AgentContext, at: Date) =>
    `Just to confirm, shall I book ${speakDateTime(at, ctx.campaign.timezone)}, your time?`,
  /** Said as one sentence, as the read-back is: a callee waits for the agent's whole question before answering. */
  readBackAgain: (ctx: AgentContext, at: Date) =>
    `Sorry, shall I book ${speakDateTime(at, ctx.campaign.timezone)}, your time: yes or no?`,
  checking: () => "Let me check the calendar.",
  booked: (ctx: AgentContext, at: Date) => `You're booked for ${speakDateTime(at, ctx.campaign.timezone)}.`,
  /** Why the asked time cannot be booked, said with the time itself, then the nearest free slots. */
  alternatives: (ctx: AgentContext, alts: Date[], asked: { at: Date; reason: string }) => {
    const zone = ctx.campaign.timezone;
    const why = refusal(speakDateTime(asked.at, zone), asked.reason);
    const words = alts.slice(0, 2).map((a) => speakDateTime(a, zone));
    if (!words.length) return `${why} I couldn't find a free slot nearby. What other day would suit you?`;
    return `${why} I could do ${words.join(" or ")}. Which works better for you?`;
  },
  /** Before an action on doubtful words: the callee's yes is what the agent acts on. */
  confirm: (ctx: AgentContext, action: PendingAction) => {
    const zone = ctx.campaign.timezone;
    if (action.kind === "book") return lines.readBack(ctx, action.at);
    if (action.kind === "callback")
      return `Just to be sure, you'd like a call back on ${speakDateTime(action.at, zone)}?`;
    if (action.kind === "dnc") return "Just to be sure: would you like us to stop calling you?";
    return "Sorry, I didn't quite catch that. Would you like to end the call?";
  },
  anythingElse: () => "Is there anything else I can help you with?",
  askWhatElse: () => "Sure, what else would you like to know?",
  askCallbackTime: () => "Of course. When would be a better time to call you back?",
  callbackSet: (ctx: AgentContext, at: Date) =>
    `No problem. I'll call you back on ${speakDateTime(at, ctx.campaign.timezone)}.`,
  goodbye: (ctx: AgentContext) =>
    `Thank you for your time${first(ctx) ? `, ${first(ctx)}` : ""}. Have a great day. Goodbye.`,
  notInterested: () => "I understand, thanks for letting me know.",
  dnc: () => "I'm sorry for the trouble. I've removed your number from our list, and you won't be called again.",
  repeat: () => "Sorry, I didn't quite catch that. Could you say it again?",
  offerCallback: () => "I'm having trouble hearing you. Would it be better if I called you back another time?",
  goAhead: () => "Alright, please go ahead.",
  /** Said to the caller before the person is rung (the agent then goes quiet). */
  transferring: () => "Of course. I'll connect you with someone from the team now. Please hold for a moment.",
  /** Asked again while the connecting line is still being said. */
  stillConnecting: () => "Yes, I'm connecting you now.",
  /** The person did not pick up: back to the caller, with a callback (the stage waits for a time). */
  transferUnanswered: () =>
    "I'm sorry, nobody from the team could pick up just now. I can have someone call you back. When would suit you?",
  /** A caller asks for a person and the campaign names nobody to put them through to. */
  noTransfer: () =>
    "I can't put you through to someone right now, but I can have " +
    "someone from the team call you back. When would suit you?",
  silence: (count: number) =>
    count <= 1 ? "Are you still there?" : "It seems this isn't a good time. I'll try again later. Goodbye.",
  voicemail: (ctx: AgentContext) =>
    `${hi(ctx)}, ${whoIsCalling(ctx)} Sorry we missed you. We'll try you again another time. Have a great day.`,
};
