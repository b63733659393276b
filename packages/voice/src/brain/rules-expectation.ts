import { DateTime } from "luxon";
import type { Expectation } from "../expectation/expectation.ts";
import { asksYesNo } from "../expectation/question-form.ts";
import type { AgentContext } from "./brain.ts";
import type { DialogueState } from "./rules-dialogue.ts";
import { qualifyingExpectation } from "../qualifying/qualifying-dialogue.ts";

const ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const TEENS = [
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty"];

function minuteWords(m: number): string {
  if (m === 0) return "";
  if (m < 10) return ` oh ${ONES[m]}`;
  if (m < 20) return ` ${TEENS[m - 10]}`;
  return ` ${TENS[Math.floor(m / 10)]}${m % 10 ? ` ${ONES[m % 10]}` : ""}`;
}

/**
 * An offered slot as a callee names it, in words the recogniser spells ("tuesday at ten thirty am"); the day is left
 * out when every slot is on the same one ("ten thirty am").
 */
export function slotWords(at: Date, zone: string, withDay: boolean): string {
  const t = DateTime.fromJSDate(at, { zone });
  const clock = `${ONES[t.hour % 12 || 12]}${minuteWords(t.minute)} ${t.hour < 12 ? "am" : "pm"}`;
  return withDay ? `${t.setLocale("en-US").toFormat("cccc").toLowerCase()} at ${clock}` : clock;
}

/** The offered slots as the options of a choice, in the order they were said. */
export function slotOptions(alts: Date[], zone: string): string[] {
  const day = (d: Date) => DateTime.fromJSDate(d, { zone }).toISODate();
  const oneDay = alts.every((a) => day(a) === day(alts[0]!));
  return alts.map((a) => slotWords(a, zone, !oneDay));
}

/**
 * What the rules agent's last line expects, from where the dialogue stands: a day and time while a meeting or a
 * callback is being arranged, one of the offered slots, a yes or a no to its yes/no questions (a confirmation is
 * one, whatever its form), open speech otherwise. The answers' model keeps a way out for anything else said.
 */
export function expectationAfter(ctx: AgentContext, state: DialogueState, lastLine: string): Expectation {
  const time: Expectation = { kind: "time", now: ctx.now(), timezone: ctx.campaign.timezone };
  const question = lastLine.trim().endsWith("?");
  switch (state.stage) {
    case "proposed_meeting":
    case "asked_callback_time":
      return question ? time : { kind: "open" };
    case "offered_alternatives":
      if (!state.alternatives.length) return time;
      return asksYesNo(lastLine)
        ? { kind: "yes-no" }
        : { kind: "choice", options: slotOptions(state.alternatives, ctx.campaign.timezone) };
    case "confirming":
      return { kind: "yes-no" };
    case "qualifying":
      return question ? qualifyingExpectation({ ctx, state }) : { kind: "open" };
    case "opening":
    case "offered_callback":
    case "asked_anything_else":
      return asksYesNo(lastLine) ? { kind: "yes-no" } : { kind: "open" };
    default:
      return { kind: "open" };
  }
}
