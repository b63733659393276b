import { DateTime } from "luxon";
import type { Answer, Expectation } from "../expectation/expectation.ts";
import { classifyIntent, type Intent } from "./intents.ts";
import { timeCtx, type Turn } from "./rules-dialogue.ts";
import { parseSpokenTime, speakDateTime } from "./spoken-time.ts";

/**
 * An answer taken under the last question, as the intent and words the dialogue acts on. The grammar matched, so
 * it is acted on even when the words were doubtful (`sure`). Null: nothing the dialogue can take from it.
 */
export function answeredTurn(turn: Turn, answer: Answer, asked: Expectation): { intent: Intent; turn: Turn } | null {
  const zone = turn.ctx.campaign.timezone;
  const sure = { ...turn, sure: true };
  if (answer.kind !== asked.kind) return null; // an answer to a question no longer open
  if (answer.kind === "yes-no") {
    // The callee's own words when they say the same ("no, I'm good"), else the answer itself.
    const text = classifyIntent(turn.text) === answer.value ? turn.text : answer.value;
    return { intent: answer.value, turn: { ...sure, text } };
  }
  if (answer.kind === "time") {
    const at = DateTime.fromISO(answer.value).toJSDate();
    if (Number.isNaN(at.getTime())) return null;
    // The words as said keep what they left open (a day without an hour is confirmed first); else the answer's time.
    const said = parseSpokenTime(turn.text, timeCtx(turn.ctx));
    const text = said && Math.abs(said.at.getTime() - at.getTime()) < 60_000 ? turn.text : speakDateTime(at, zone);
    return { intent: "booking", turn: { ...sure, text } };
  }
  if (answer.kind === "choice" && asked.kind === "choice") {
    const slot = turn.state.alternatives[asked.options.indexOf(answer.value)];
    return slot ? { intent: "booking", turn: { ...sure, text: speakDateTime(slot, zone) } } : null;
  }
  return null; // the rules agent never asks for a number
}

/** A choice's options as the rules agent says them: the offered slots' times, when it offered slots. */
export function spokenOptions(turn: Turn): string[] | undefined {
  const zone = turn.ctx.campaign.timezone;
  const slots = turn.state.alternatives.map((a) => speakDateTime(a, zone));
  return slots.length ? slots : undefined;
}
