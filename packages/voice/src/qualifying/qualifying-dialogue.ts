import { fillVariables } from "@parley/shared/fill-variables";
import { fieldKey, type OutcomeAnswer, type OutcomeField } from "@parley/shared/outcome-fields";
import type { Answer, Expectation, HeardAnswer } from "../expectation/expectation.ts";
import type { AgentContext } from "../brain/brain.ts";
import type { CallEvent } from "../brain/call-events.ts";
import type { Intent } from "../brain/intents.ts";
import { answerOf, type HeardLine } from "./answers.ts";
import { type FieldReading, readField, readUnasked } from "./field-readers.ts";

/**
 * The rules agent's qualifying questions: asked in order once the callee agrees to talk, each skipped when words
 * said before already answered it. An answer heard with doubt is read back for a yes before it is kept; words that
 * give no answer are asked once more, then the agent moves on ("not answered").
 */
export type QualifyingState = {
  fields: OutcomeField[];
  /** Keys answered or given up on. */
  done: Set<string>;
  current: OutcomeField | null;
  /** Times the current question was asked. */
  tries: number;
  /** An answer heard with doubt, read back to the callee and waiting for their yes. */
  confirming: OutcomeAnswer | null;
  /** Every callee line so far, for answers given before their question. */
  heard: HeardLine[];
};

/**
 * What of the rules agent's turn the questions use (its own Turn, rules-dialogue.ts, has this shape; written here so
 * the two modules do not import each other).
 */
export type Turn = {
  ctx: AgentContext;
  state: { stage: string; events: CallEvent[]; qualifying?: QualifyingState };
  text: string;
  sure: boolean;
};

export const newQualifying = (fields: OutcomeField[] | undefined): QualifyingState => ({
  fields: fields ?? [],
  done: new Set(),
  current: null,
  tries: 0,
  confirming: null,
  heard: [],
});

const qLines = {
  intro: () => "Before we set anything up, a few quick questions.",
  ack: () => "Got it, thanks.",
  declined: () => "No problem.",
  again: () => "Sorry, I didn't quite catch that.",
  moveOn: () => "No problem, let's move on.",
  corrected: () => "Sorry about that.",
  backTo: () => "So, back to my question.",
  done: () => "Thanks, that's really helpful.",
  confirm: (a: OutcomeAnswer) =>
    a.type === "yes_no"
      ? `Just to be sure, that's a ${a.value ? "yes" : "no"}?`
      : `Just to be sure, did you say ${a.display}?`,
};

const timeOf = (turn: Turn) => ({ now: turn.ctx.now(), timezone: turn.ctx.campaign.timezone });

function record(turn: Turn, answer: OutcomeAnswer): void {
  turn.state.qualifying!.done.add(answer.key);
  turn.state.events.push({ kind: "field_answer", answer });
}

/**
 * The next question not yet answered, its field made current; fields answered by words already said (heard for
 * sure) are recorded on the way. Null when every field is done.
 */
function nextQuestion(turn: Turn): string | null {
  const q = turn.state.qualifying!;
  q.current = null;
  q.tries = 0;
  for (const f of q.fields) {
    if (q.done.has(fieldKey(f.name))) continue;
    const said = q.heard.filter((l) => l.sure).find((l) => readUnasked(f, l.text).kind === "value");
    if (said) {
      record(turn, answerOf(f, readUnasked(f, said.text), said.text));
      continue;
    }
    q.current = f;
    q.tries = 1;
    return fillVariables(f.question, turn.ctx.contact.variables);
  }
  return null;
}

/** After the callee agrees to talk: the first question with a word of introduction, or null (nothing to ask). */
export function startQualifying(turn: Turn): string[] | null {
  if (!turn.state.qualifying?.fields.length) return null;
  const ask = nextQuestion(turn);
  if (!ask) return null;
  turn.state.stage = "qualifying";
  return [qLines.intro(), ask];
}

/** The current question again, after the callee's own question was answered. */
export function resumeQualifying(turn: Turn): string[] | null {
  const f = turn.state.qualifying?.current;
  if (turn.state.stage !== "qualifying" || !f) return null;
  return [qLines.backTo(), fillVariables(f.question, turn.ctx.contact.variables)];
}

/** What the agent listens for after asking a field: its type's answers (a read-back waits for a yes or a no). */
export function qualifyingExpectation(turn: Pick<Turn, "ctx" | "state">): Expectation {
  const q = turn.state.qualifying;
  if (!q?.current) return { kind: "open" };
  if (q.confirming) return { kind: "yes-no" };
  switch (q.current.type) {
    case "yes_no":
      return { kind: "yes-no" };
    case "number":
      return { kind: "number" };
    case "datetime":
      return { kind: "time", now: turn.ctx.now(), timezone: turn.ctx.campaign.timezone };
    case "choice":
      return { kind: "choice", options: q.current.options };
    default:
      return { kind: "open" };
  }
}

/** An answer the recogniser took under the field's expectation, as a reading of the field. */
function readingOfTaken(field: OutcomeField, a: Answer, turn: Turn): FieldReading | null {
  if (a.kind === "yes-no" && field.type === "yes_no") return readField(field, a.value, timeOf(turn));
  if (a.kind === "number" && field.type === "number") return readField(field, a.value, timeOf(turn));
  if (a.kind === "choice" && field.type === "choice")
    return { kind: "value", value: a.value, currency: null, display: a.value };
  if (a.kind === "time" && field.type === "datetime") return readField(field, turn.text, timeOf(turn));
  return null;
}

/** The next question, or the meeting once every field is done. */
function* advance(turn: Turn, ack: string, proposeMeeting: () => string): Generator<string> {
  const ask = nextQuestion(turn);
  if (ask) {
    yield ack;
    yield ask;
    return;
  }
  turn.state.stage = "proposed_meeting";
  yield qLines.done();
  yield proposeMeeting();
}

type Route<T extends Turn> = (intent: Intent, turn: T) => AsyncGenerator<string>;
// Words that ask for something else are acted on whatever the question was.
const ASKS_FIRST = new Set<Intent>(["dnc", "person"]);
const OTHERWISE = new Set<Intent>(["callback", "question", "bye", "no", "booking"]);

/** One utterance while a qualifying question is open. */
export async function* qualifyingReply<T extends Turn>(
  turn: T,
  intent: Intent,
  heard: HeardAnswer | undefined,
  route: Route<T>,
  proposeMeeting: () => string,
): AsyncGenerator<string> {
  const q = turn.state.qualifying!;
  const field = q.current!;
  if (ASKS_FIRST.has(intent)) return yield* route(intent, turn);
  if (q.confirming) {
    const pending = q.confirming;
    q.confirming = null;
    const yes = heard?.answer?.kind === "yes-no" ? heard.answer.value : intent === "yes" ? "yes" : null;
    if (yes === "yes") {
      record(turn, pending);
      return yield* advance(turn, qLines.ack(), proposeMeeting);
    }
    if (yes === "no" || intent === "no") {
      q.tries += 1;
      yield qLines.corrected();
      return yield fillVariables(field.question, turn.ctx.contact.variables);
    }
    // Anything else is read as a new answer to the question.
  }
  // Free text takes any words: a question, a goodbye or a callback asked for is acted on instead.
  if (field.type === "text" && OTHERWISE.has(intent) && intent !== "no") return yield* route(intent, turn);
  const taken = heard?.answer ? readingOfTaken(field, heard.answer, turn) : null;
  const reading = taken ?? readField(field, turn.text, timeOf(turn));
  if (reading.kind === "value") {
    const answer = answerOf(field, reading, turn.text);
    // Doubtful words are never kept on their own: the value is read back and kept on the callee's yes.
    if (!taken && !turn.sure) {
      q.confirming = answer;
      return yield qLines.confirm(answer);
    }
    record(turn, answer);
    return yield* advance(turn, qLines.ack(), proposeMeeting);
  }
  // A plain "no" to a question that is not yes/no declines the question; "not interested" ends the call.
  const refusesCall = intent === "no" && /\b(interested|thanks|thank you|want|need)\b/.test(turn.text.toLowerCase());
  if (reading.kind === "declined" || (intent === "no" && !refusesCall)) {
    record(turn, answerOf(field, { kind: "declined" }, turn.text));
    return yield* advance(turn, qLines.declined(), proposeMeeting);
  }
  if (OTHERWISE.has(intent)) return yield* route(intent, turn);
  if (q.tries < 2) {
    q.tries += 1;
    yield qLines.again();
    return yield fillVariables(field.question, turn.ctx.contact.variables);
  }
  record(turn, answerOf(field, { kind: "unclear" }, null));
  yield* advance(turn, qLines.moveOn(), proposeMeeting);
}
