/**
 * GET /api/analytics?period=day|week|month|quarter&timezone=Area/City[&campaign_id=]: figures computed
 * from the organisation's calls started in the current period, in the given IANA time zone.
 * Periods start at local midnight: today, this week (from Sunday, like the calendar), this month, this
 * quarter. Buckets are hours for a day, days for a week or month, weeks (from Sunday) for a quarter,
 * from the period's start up to the bucket holding now.
 *
 * Definitions: connected = answered by a person (answered_at set, outcome not voicemail); booked =
 * outcome `scheduled`; connect_rate and booking_rate are percents of calls placed (one decimal);
 * avg_duration_secs is over connected calls; avg_latency_ms is the mean voice-to-voice gap per agent turn
 * (end of the callee's speech to the agent's first audio frame), null when no turn was measured.
 *
 * GET /api/calls/live: Server-Sent Events, `event: live` with a `LiveCalls` each time the calls in
 * progress change.
 */
import { z } from "zod";

export const ANALYTICS_PERIODS = ["day", "week", "month", "quarter"] as const;
export const AnalyticsPeriod = z.enum(ANALYTICS_PERIODS, {
  error: "period must be one of day, week, month or quarter.",
});
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;

export const AnalyticsQuery = z.object({
  period: AnalyticsPeriod.default("week"),
  timezone: z.string().min(1).max(64).default("UTC"),
  campaign_id: z.uuid("Campaign not found.").optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

export const SentimentCounts = z.object({
  positive: z.number(),
  neutral: z.number(),
  negative: z.number(),
  unrated: z.number(),
});
export type SentimentCounts = z.infer<typeof SentimentCounts>;

export const AnalyticsBucket = z.object({
  /** The bucket's start, ISO with the zone's offset. */
  start: z.string(),
  /** Short label in the zone: "14:00", "Mon 23", "23 Nov". */
  label: z.string(),
  calls: z.number(),
  connected: z.number(),
  booked: z.number(),
  sentiment: SentimentCounts,
});
export type AnalyticsBucket = z.infer<typeof AnalyticsBucket>;

export const PerformanceRow = z.object({
  id: z.string().nullable(),
  name: z.string(),
  calls: z.number(),
  connected: z.number(),
  booked: z.number(),
  connect_rate: z.number(),
  booking_rate: z.number(),
  avg_duration_secs: z.number(),
  avg_latency_ms: z.number().nullable(),
});
export type PerformanceRow = z.infer<typeof PerformanceRow>;

export const FunnelRow = z.object({
  campaign_id: z.string(),
  name: z.string(),
  contacts: z.number(),
  dialled: z.number(),
  connected: z.number(),
  interested: z.number(),
  booked: z.number(),
});
export type FunnelRow = z.infer<typeof FunnelRow>;

export const Analytics = z.object({
  period: AnalyticsPeriod,
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  totals: z.object({ calls: z.number(), connected: z.number(), booked: z.number(), sentiment: SentimentCounts }),
  buckets: z.array(AnalyticsBucket),
  by_voice: z.array(PerformanceRow),
  by_campaign: z.array(PerformanceRow),
  /** Per campaign with calls in the period: contacts, then how many of them got this far. */
  funnel: z.array(FunnelRow),
});
export type Analytics = z.infer<typeof Analytics>;

export const LiveTranscriptLine = z.object({ speaker: z.enum(["agent", "callee"]), text: z.string() });

export const LiveCallRow = z.object({
  call_id: z.string(),
  contact_name: z.string(),
  phone: z.string(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string(),
  status: z.string(),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  /** The newest transcript lines, oldest first (at most 2). */
  last_lines: z.array(LiveTranscriptLine),
});
export type LiveCallRow = z.infer<typeof LiveCallRow>;

export const LiveCalls = z.object({ calls: z.array(LiveCallRow) });
export type LiveCalls = z.infer<typeof LiveCalls>;
