/**
 * GET /api/analytics/answer-hours[?campaign_id=]: when the organisation's contacts answer, from every call the
 * dialer placed that has ended: per weekday and hour on the contact's own clock (the zone of their number),
 * how many calls were dialled, picked up (an answering machine included) and answered by a person.
 *
 * A cell's rate means little on a handful of calls: `min_cell_calls` is how many a cell needs before the
 * screen shows its rate, and before the dialer trusts it. `learning` says whether the dialer already moves
 * retries into the best hours: once the organisation has `needed_calls` ended calls with a known contact hour.
 */
import { z } from "zod";

/** Dialled calls an hour needs before its rate is shown or used (see docs/call-logs-and-analytics.md). */
export const MIN_CELL_CALLS = 20;
/** Dialled calls the organisation needs before retries move into its best hours. */
export const LEARNING_CALLS = 200;

export const AnswerHoursQuery = z.object({
  campaign_id: z.uuid("campaign_id must be a campaign's id.").optional(),
});
export type AnswerHoursQuery = z.infer<typeof AnswerHoursQuery>;

export const AnswerHourCell = z.object({
  /** ISO weekday: 1 Monday … 7 Sunday, on the contact's clock. */
  weekday: z.number().int().min(1).max(7),
  /** 0–23 on the contact's clock. */
  hour: z.number().int().min(0).max(23),
  dialled: z.number().int(),
  answered: z.number().int(),
  /** Answered by a person, not an answering machine. */
  people: z.number().int(),
});
export type AnswerHourCell = z.infer<typeof AnswerHourCell>;

export const AnswerHours = z.object({
  /** Only the cells with calls, by weekday then hour. */
  cells: z.array(AnswerHourCell),
  totals: z.object({ dialled: z.number().int(), answered: z.number().int(), people: z.number().int() }),
  min_cell_calls: z.number().int(),
  learning: z.object({
    /** Whether the dialer now schedules this organisation's retries into its best hours. */
    active: z.boolean(),
    /** The organisation's dialled calls with a known contact hour, every campaign. */
    dialled: z.number().int(),
    needed_calls: z.number().int(),
  }),
});
export type AnswerHours = z.infer<typeof AnswerHours>;
