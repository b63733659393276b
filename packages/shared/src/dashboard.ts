/**
 * Dashboard payloads: GET /api/dashboard/overview, /dashboard/channel-metrics and
 * /dashboard/conversation-minutes. Every figure is counted from the organisation's real calls.
 *
 * Definitions (the same everywhere, analytics included):
 * - total_calls: every call placed (answered or not); email and WhatsApp send no calls yet, so 0.
 * - total_appointments: calls whose outcome is `scheduled`, i.e. the agent booked a meeting on the call.
 * - booking_rate: total_appointments / total_calls, as a percent with one decimal (0 when no calls).
 * - avg_call_duration_seconds: mean duration of the connected calls (answered by a person, not voicemail), rounded.
 */
import { z } from "zod";

export const DASHBOARD_CHANNELS = ["voice", "email", "whatsapp"] as const;
export const DashboardChannel = z.enum(DASHBOARD_CHANNELS, {
  error: "channel must be one of voice, email or whatsapp.",
});
export type DashboardChannel = z.infer<typeof DashboardChannel>;

export const DashboardMetrics = z.object({
  total_campaigns: z.number(),
  total_leads: z.number(),
  total_calls: z.number(),
  total_appointments: z.number(),
  booking_rate: z.number(),
  avg_call_duration_seconds: z.number(),
});
export type DashboardMetrics = z.infer<typeof DashboardMetrics>;

/** GET /dashboard/overview: all channels together. */
export const DashboardOverview = DashboardMetrics;
export type DashboardOverview = DashboardMetrics;

export const ChannelMetricsQuery = z.object({ channel: DashboardChannel.optional() });

/** GET /dashboard/channel-metrics: `metrics.all_channels` without a channel, else `metrics.<channel>`. */
export const ChannelMetrics = z.object({
  channel: z.enum(["all_channels", ...DASHBOARD_CHANNELS]),
  metrics: z.record(z.string(), DashboardMetrics),
});
export type ChannelMetrics = z.infer<typeof ChannelMetrics>;

/**
 * GET /dashboard/conversation-minutes. The dialer charges each finished call's minutes (rounded up) to
 * the organisation's balance, so remaining_minutes is that balance (never below 0); used_minutes is what
 * those calls were charged and total_minutes the two together.
 */
export const ConversationMinutes = z.object({
  remaining_minutes: z.number(),
  used_minutes: z.number(),
  total_minutes: z.number(),
});
export type ConversationMinutes = z.infer<typeof ConversationMinutes>;

/**
 * GET /dashboard/capacity (admins): the organisation's calls on the line now, and what the servers that place
 * calls can carry in real time (admission control, docs/capacity.md), summed over the processes that reported in
 * the last 30 s; `servers` is null when none did (no dialer running).
 */
export const DashboardCapacity = z.object({
  calls_in_progress: z.number(),
  servers: z
    .object({
      processes: z.number(),
      /** Calls they can carry in all, and of those still free now (every organisation's calls count). */
      capacity: z.number(),
      free: z.number(),
    })
    .nullable(),
});
export type DashboardCapacity = z.infer<typeof DashboardCapacity>;
