import { ChannelMetrics, ConversationMinutes, DashboardOverview, type DashboardChannel, type DashboardMetrics } from "@parley/shared/dashboard";
import { api } from "../../lib/api-client.ts";

/** The selector's choice: overall sends no channel (spec section 7). */
export type ChannelChoice = "overall" | DashboardChannel;

export const fetchOverview = (signal?: AbortSignal) => api("/dashboard/overview", { schema: DashboardOverview, signal });

export const fetchMinutes = (signal?: AbortSignal) => api("/dashboard/conversation-minutes", { schema: ConversationMinutes, signal });

/** The metrics of one channel, read from `metrics.all_channels` for overall and `metrics.<channel>` otherwise. */
export async function fetchChannelMetrics(choice: ChannelChoice, signal?: AbortSignal): Promise<DashboardMetrics> {
  const channel = choice === "overall" ? undefined : choice;
  const body = await api("/dashboard/channel-metrics", { schema: ChannelMetrics, query: { channel }, signal });
  const metrics = body.metrics[channel ?? "all_channels"];
  if (!metrics) throw new Error("The server sent no metrics for this channel.");
  return metrics;
}

/** "2m 05s" for a call length; "0s" when there were no calls. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

/** The cards in display order, each with its label and formatted value. */
export function metricCards(m: DashboardMetrics): { label: string; value: string }[] {
  return [
    { label: "Total Campaigns", value: m.total_campaigns.toLocaleString() },
    { label: "Total Leads", value: m.total_leads.toLocaleString() },
    { label: "Total Calls", value: m.total_calls.toLocaleString() },
    { label: "Appointments Booked", value: m.total_appointments.toLocaleString() },
    { label: "Booking Rate", value: `${m.booking_rate}%` },
    { label: "Avg Call Duration", value: formatDuration(m.avg_call_duration_seconds) },
  ];
}
