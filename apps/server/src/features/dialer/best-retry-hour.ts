import { LEARNING_CALLS, MIN_CELL_CALLS } from "@parley/shared/answer-hours";
import { DateTime } from "luxon";
import { callWindows, nextCallTime, type CallWindowRules } from "./call-window.ts";

/** How an organisation's dialled calls were answered, per weekday (ISO, 1 Monday) and hour on the contact's clock. */
export type AnswerHourStats = {
  /** Every dialled call with a known contact hour, all cells together. */
  dialled: number;
  cells: { weekday: number; hour: number; dialled: number; people: number }[];
};

/** A week: every weekday-and-hour comes round once, so the search never waits for an hour it could have seen. */
const HORIZON_DAYS = 7;

/** The answer rate of each hour with enough calls to trust, keyed "weekday-hour". */
function trustedRates(stats: AnswerHourStats): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of stats.cells) if (c.dialled >= MIN_CELL_CALLS) out.set(`${c.weekday}-${c.hour}`, c.people / c.dialled);
  return out;
}

/**
 * The instant, at or after `earliest`, in the contact-local hour (in `zone`) where people have answered best,
 * within the calling windows of `rules` (business hours, campaign dates, legal hours) over the next week: the
 * earliest of the best when several tie. Null while the organisation has too little history (fewer than
 * LEARNING_CALLS dialled calls) or none of the open hours has enough calls of its own to trust (MIN_CELL_CALLS).
 */
export function bestRetryTime(
  earliest: Date,
  rules: CallWindowRules,
  zone: string,
  stats: AnswerHourStats,
): Date | null {
  if (stats.dialled < LEARNING_CALLS) return null;
  const rates = trustedRates(stats);
  if (rates.size === 0) return null;
  let best: { at: number; rate: number } | null = null;
  for (const w of callWindows(earliest, rules, HORIZON_DAYS)) {
    // Each contact-local hour the window touches, from the window's start or the hour's, whichever is later.
    for (let at = w.start; at < w.end; ) {
      const local = DateTime.fromMillis(at, { zone });
      const rate = rates.get(`${local.weekday}-${local.hour}`);
      if (rate !== undefined && (best === null || rate > best.rate)) best = { at, rate };
      at = local.startOf("hour").plus({ hours: 1 }).toMillis();
    }
  }
  return best ? new Date(best.at) : null;
}

/**
 * When a retry goes out: a time the callee asked for is kept as it is (moved only into the calling window);
 * otherwise the best hour once the organisation has learnt its hours, and before that the first open moment
 * after the campaign's time gap, as the dialer always did.
 */
export function retryTime(
  notBefore: Date,
  rules: CallWindowRules,
  zone: string,
  stats: AnswerHourStats | null,
  askedFor: boolean,
): Date | null {
  const learnt = !askedFor && stats ? bestRetryTime(notBefore, rules, zone, stats) : null;
  return learnt ?? nextCallTime(notBefore, rules);
}
