import { LEARNING_CALLS, MIN_CELL_CALLS } from "@parley/shared/answer-hours";
import { DateTime } from "luxon";
import { callWindows, nextCallTime, type CallWindowRules } from "./call-window.ts";

/** How an organisation's dialled calls were answered, per weekday (ISO, 1 Monday) and hour on the contact's clock. */
export type AnswerHourStats = {
  /** Every dialled call with a known contact hour, all cells together. */
  dialled: number;
  cells: { weekday: number; hour: number; dialled: number; people: number }[];
};

/**
 * How much later than the evenly spread time (the first open moment after the time gap) a retry may wait for a
 * better hour. In `npm run bench -- retry-hours` a day's wait reached nearly as many people as a week's (75.9% against
 * 77.2%) and ended the campaign on day 2 instead of day 21 (docs/call-logs-and-analytics.md).
 */
export const MAX_EXTRA_WAIT_DAYS = 1;
const DAY_MS = 86_400_000;

/** The answer rate of each hour with enough calls to trust, keyed "weekday-hour". */
function trustedRates(stats: AnswerHourStats): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of stats.cells) if (c.dialled >= MIN_CELL_CALLS) out.set(`${c.weekday}-${c.hour}`, c.people / c.dialled);
  return out;
}

/**
 * The instant, at or after `earliest`, in the contact-local hour (in `zone`) where people have answered best,
 * within the calling windows of `rules` (business hours, campaign dates, legal hours), and no more than
 * `maxExtraDays` after the first open moment: the earliest of the best when several tie. Null while the
 * organisation has too little history (fewer than LEARNING_CALLS dialled calls) or none of the open hours has
 * enough calls of its own to trust (MIN_CELL_CALLS).
 */
export function bestRetryTime(
  earliest: Date,
  rules: CallWindowRules,
  zone: string,
  stats: AnswerHourStats,
  maxExtraDays = MAX_EXTRA_WAIT_DAYS,
): Date | null {
  if (stats.dialled < LEARNING_CALLS) return null;
  const rates = trustedRates(stats);
  if (rates.size === 0) return null;
  const evenly = nextCallTime(earliest, rules);
  if (!evenly) return null;
  const until = evenly.getTime() + maxExtraDays * DAY_MS;
  // A day more than the wait, so the hour starting at its very end is among the windows (kept by `at <= until`).
  const days = Math.ceil((until - earliest.getTime()) / DAY_MS) + 1;
  let best: { at: number; rate: number } | null = null;
  for (const w of callWindows(earliest, rules, days)) {
    // Each contact-local hour the window touches, from the window's start or the hour's, whichever is later.
    for (let at = w.start; at < w.end && at <= until; ) {
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
  maxExtraDays = MAX_EXTRA_WAIT_DAYS,
): Date | null {
  const learnt = !askedFor && stats ? bestRetryTime(notBefore, rules, zone, stats, maxExtraDays) : null;
  return learnt ?? nextCallTime(notBefore, rules);
}
