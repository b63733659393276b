import type { AgentContext, AgentTools } from "./brain.ts";
import type { CallEvent } from "./call-events.ts";
import type { Expectation } from "../expectation/expectation.ts";
import { answerQuestion } from "../knowledge/faq-answer.ts";
import { isFarewell, type Intent } from "./intents.ts";
import type { PendingAction } from "./pending-action.ts";
import { lines } from "./rules-lines.ts";
import { nearestTwo, offeredMatch, onOfferedDay } from "./offered-slots.ts";
import { parseSpokenTime } from "./spoken-time.ts";
import { type QualifyingState, resumeQualifying, startQualifying } from "../qualifying/qualifying-dialogue.ts";

/** Where the conversation stands, so "yes" or "3 pm" can be read in the light of the last question asked. */
export type Stage =
  | "opening"
  | "proposed_meeting"
  | "offered_alternatives"
  | "asked_callback_time"
  | "offered_callback"
  | "asked_anything_else"
  | "confirming"
  /** A qualifying question is open (qualifying/qualifying-dialogue.ts). */
  | "qualifying"
  | "transferring"
  | "ended";

export type DialogueState = {
  stage: Stage;
  unclear: number;
  alternatives: Date[];
  events: CallEvent[];
  pending: PendingAction | null;
  /** What the last line said expects the callee to answer (rules-expectation.ts). */
  asked: Expectation;
  /** Times in a row the callee was asked again for an answer the recogniser could not be sure of. */
  askedAgain: number;
  /** The campaign's qualifying questions and their answers so far. */
  qualifying?: QualifyingState;
};

/** One utterance to answer; `sure` is false when speech recognition doubted its words (no action on them). */
export type Turn = { ctx: AgentContext; tools: AgentTools; state: DialogueState; text: string; sure: boolean };

export const timeCtx = (ctx: AgentContext) => ({
  now: ctx.now(),
  timezone: ctx.campaign.timezone,
  businessHours: ctx.campaign.businessHours,
});

function end(turn: Turn): void {
  turn.state.stage = "ended";
  turn.tools.endCall();
}

/** Side effects wait for a yes when the words were doubtful: the question is asked instead. */
function* confirmFirst(turn: Turn, action: PendingAction): Generator<string, boolean> {
  if (turn.sure) return false;
  turn.state.pending = action;
  turn.state.stage = "confirming";
  yield lines.confirm(turn.ctx, action);
  return true;
}

export async function* doNotCall(turn: Turn): AsyncGenerator<string> {
  if (yield* confirmFirst(turn, { kind: "dnc" })) return;
  await turn.tools.markDoNotCall();
  turn.state.events.push({ kind: "dnc" });
  end(turn);
  yield lines.dnc();
  yield "Goodbye.";
}

/** When a call back asked for in `text` is due: the time it names (`named`), else the next business morning. */
export function callbackTime(text: string, ctx: AgentContext): { at: Date; named: boolean } {
  const named = parseSpokenTime(text, timeCtx(ctx));
  return named
    ? { at: named.at, named: true }
    : { at: parseSpokenTime("tomorrow morning", timeCtx(ctx))!.at, named: false };
}

export async function* callback(turn: Turn, orDefault: boolean): AsyncGenerator<string> {
  const { at, named } = callbackTime(turn.text, turn.ctx);
  if (!named && !orDefault) {
    turn.state.stage = "asked_callback_time";
    yield lines.askCallbackTime();
    return;
  }
  // No time named even after asking: the next business morning is a fair default.
  yield* scheduleCallback(turn, at);
}

async function* scheduleCallback(turn: Turn, at: Date): AsyncGenerator<string> {
  if (yield* confirmFirst(turn, { kind: "callback", at })) return;
  await turn.tools.scheduleCallback(at);
  turn.state.events.push({ kind: "callback", at });
  end(turn);
  yield lines.callbackSet(turn.ctx, at);
  yield lines.goodbye(turn.ctx);
}

async function* tryBooking(turn: Turn, start: Date): AsyncGenerator<string> {
  if (yield* confirmFirst(turn, { kind: "book", at: start })) return;
  yield lines.checking();
  const result = await turn.tools.bookMeeting({
    start,
    notes: `Booked by the AI agent during the ${turn.ctx.campaign.name} campaign call.`,
  });
  if (result.booked) {
    turn.state.events.push({ kind: "booked", start: result.start });
    turn.state.stage = "asked_anything_else";
    yield lines.booked(turn.ctx, result.start);
    yield lines.anythingElse();
    return;
  }
  turn.state.events.push({
    kind: "booking_refused",
    requested: start,
    reason: result.reason,
    alternatives: result.alternatives,
  });
  turn.state.alternatives = nearestTwo(result.alternatives, start);
  turn.state.stage = "offered_alternatives";
  yield lines.alternatives(turn.ctx, turn.state.alternatives, { at: start, reason: result.reason });
}

/**
 * Which offered alternative the callee picked: "the first one", "the second", "yes" (the first), a named time.
 * A time named with its day and hour is theirs to book; one named by half ("three thirty works") is the
 * offered slot it matches, else nothing here (booking() then proposes it for a yes).
 */
export function pickAlternative(turn: Turn): Date | null {
  const alts = turn.state.alternatives;
  const t = turn.text.toLowerCase();
  if (/\b(second|latter|2nd|other one|later one)\b/.test(t)) return alts[1] ?? null;
  if (/\b(first|former|1st|earlier one)\b/.test(t)) return alts[0] ?? null;
  const named = parseSpokenTime(turn.text, timeCtx(turn.ctx));
  if (named)
    return (
      offeredMatch(named, t, alts, turn.ctx.campaign.timezone) ??
      (named.exactTime && !named.dayGuessed ? named.at : null)
    );
  return /\b(yes|yeah|sure|ok|okay|fine|works|great|perfect)\b/.test(t) ? (alts[0] ?? null) : null;
}

export async function* booking(turn: Turn): AsyncGenerator<string> {
  if (turn.state.stage === "offered_alternatives") {
    const picked = pickAlternative(turn);
    if (picked) return yield* tryBooking(turn, picked);
  }
  const said = parseSpokenTime(turn.text, timeCtx(turn.ctx));
  if (!said) {
    turn.state.stage = "proposed_meeting";
    yield lines.askTime();
    return;
  }
  // "Tuesday" (no hour) or "at three" (no day): the agent filled in the rest, so it asks before booking.
  if (!said.exactTime || said.dayGuessed) {
    const at =
      turn.state.stage === "offered_alternatives"
        ? onOfferedDay(said, turn.state.alternatives, turn.ctx.campaign.timezone)
        : said.at;
    turn.state.pending = { kind: "book", at };
    turn.state.stage = "confirming";
    yield lines.proposeSlot(turn.ctx, at);
    return;
  }
  yield* tryBooking(turn, said.at);
}

export async function* question(turn: Turn): AsyncGenerator<string> {
  const { ctx, tools, state, text } = turn;
  const answer = await answerQuestion(text, ctx.campaign.faqs, (q) => tools.retrieve(q), ctx.contact.variables);
  if (answer.looked.length) tools.citeSources?.(text, answer.looked);
  state.events.push({ kind: "answered", question: text, source: answer.source });
  yield answer.text;
  // A question asked while a meeting time was being settled: answered, then back to the meeting, as a person would.
  const settling = state.stage === "proposed_meeting" || state.stage === "offered_alternatives";
  if (settling && !state.events.some((e) => e.kind === "booked")) {
    yield state.stage === "offered_alternatives" ? lines.backToAlternatives() : lines.backToMeeting();
    return;
  }
  const resume = resumeQualifying(turn);
  if (resume) return yield* resume;
  state.stage = "asked_anything_else";
  yield lines.anythingElse();
}

export async function* goodbye(turn: Turn, notInterested: boolean): AsyncGenerator<string> {
  if (yield* confirmFirst(turn, { kind: "end", notInterested })) return;
  end(turn);
  if (notInterested) turn.state.events.push({ kind: "declined" });
  if (notInterested) yield lines.notInterested();
  yield lines.goodbye(turn.ctx);
}

/**
 * "Can I talk to a real person?": with a "Transfer to" on the campaign, the agent says it is connecting them and
 * the session puts them through once that is said; without one, the team calls back (the time is asked for).
 */
export async function* person(turn: Turn): AsyncGenerator<string> {
  if (turn.state.stage === "transferring") {
    yield lines.stillConnecting();
    return;
  }
  if (!turn.tools.transferCall) {
    turn.state.stage = "asked_callback_time";
    yield lines.noTransfer();
    return;
  }
  turn.state.stage = "transferring";
  turn.tools.transferCall({ reason: turn.text });
  yield lines.transferring();
}

/** The session's word on the transfer: answered, the person has the call; not, a callback time is asked for. */
export function transferEnded(state: DialogueState, answered: boolean): string | null {
  state.events.push({ kind: "transfer", answered });
  if (answered) {
    state.stage = "ended";
    return null;
  }
  state.stage = "asked_callback_time";
  return lines.transferUnanswered();
}

/** "yes": what it agrees to depends on the question the agent asked last. */
export async function* yes(turn: Turn): AsyncGenerator<string> {
  const { stage } = turn.state;
  if (stage === "offered_alternatives") return yield* booking(turn);
  if (stage === "offered_callback") return yield* callback(turn, true);
  if (stage === "asked_anything_else") {
    yield lines.askWhatElse();
    return;
  }
  if (stage === "proposed_meeting") {
    yield lines.askTime();
    return;
  }
  yield lines.pitch(turn.ctx);
  // The campaign's qualifying questions come first, once the callee has agreed to talk.
  const questions = startQualifying(turn);
  if (questions) return yield* questions;
  turn.state.stage = "proposed_meeting";
  yield lines.proposeMeeting(turn.ctx);
}

/** "no": to "anything else?" it means we are done; to a callback offer it means go on; otherwise a refusal. */
export async function* no(turn: Turn): AsyncGenerator<string> {
  const { stage } = turn.state;
  if (stage === "asked_anything_else") return yield* goodbye(turn, false);
  if (stage === "offered_callback") {
    turn.state.stage = "opening";
    yield lines.goAhead();
    return;
  }
  yield* goodbye(turn, true);
}

export async function* unclear(turn: Turn): AsyncGenerator<string> {
  turn.state.unclear += 1;
  if (turn.state.unclear >= 2) {
    turn.state.stage = "offered_callback";
    yield lines.offerCallback();
    return;
  }
  yield lines.repeat();
}

/** The answer to "did you say…?": yes does it, no asks again, anything else is a new request. */
async function* confirmed(intent: Intent, turn: Turn, action: PendingAction): AsyncGenerator<string> {
  turn.state.pending = null;
  // While a meeting time is being settled, another time named ("make it Thursday at eleven") is a booking.
  turn.state.stage = action.kind === "book" ? "proposed_meeting" : "opening";
  if (intent === "yes") {
    const sure = { ...turn, sure: true };
    if (action.kind === "book") return yield* tryBooking(sure, action.at);
    if (action.kind === "callback") return yield* scheduleCallback(sure, action.at);
    if (action.kind === "dnc") return yield* doNotCall(sure);
    return yield* goodbye(sure, action.notInterested);
  }
  // "No, that's all, thank you" to "would you like to end the call?" is a goodbye, not a "go on".
  if (action.kind === "end" && isFarewell(turn.text))
    return yield* goodbye({ ...turn, sure: true }, action.notInterested);
  if (intent !== "no") return yield* route(intent, turn);
  if (action.kind === "book") {
    turn.state.stage = "proposed_meeting";
    return yield lines.askTime();
  }
  if (action.kind === "callback") {
    turn.state.stage = "asked_callback_time";
    return yield lines.askCallbackTime();
  }
  yield lines.goAhead();
}

/** Routes one utterance to its handler; a time named while a meeting is being arranged is a booking. */
export function route(intent: Intent, turn: Turn): AsyncGenerator<string> {
  if (turn.state.stage === "confirming" && turn.state.pending) return confirmed(intent, turn, turn.state.pending);
  const arranging = turn.state.stage === "proposed_meeting" || turn.state.stage === "offered_alternatives";
  if (intent !== "unclear") turn.state.unclear = 0;
  if (turn.state.stage === "asked_callback_time" && intent !== "dnc" && intent !== "no") return callback(turn, true);
  if (turn.state.stage === "offered_alternatives" && intent !== "dnc" && intent !== "no" && pickAlternative(turn))
    return booking(turn);
  if (arranging && (intent === "unclear" || intent === "yes") && parseSpokenTime(turn.text, timeCtx(turn.ctx)))
    return booking(turn);
  switch (intent) {
    case "dnc":
      return doNotCall(turn);
    case "person":
      return person(turn);
    case "callback":
      return callback(turn, false);
    case "booking":
      return booking(turn);
    case "question":
      return question(turn);
    case "bye":
      return goodbye(turn, false);
    case "no":
      return no(turn);
    case "yes":
      return yes(turn);
    case "greeting":
      return (async function* () {
        yield lines.reintroduce(turn.ctx);
      })();
    default:
      return unclear(turn);
  }
}
