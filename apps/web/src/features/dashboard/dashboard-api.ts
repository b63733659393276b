import {
  ChannelMetrics,
  ConversationMinutes,
  DashboardCapacity,
  DashboardOverview,
  type DashboardChannel,
  type DashboardMetrics,
} from "@parley/shared/dashboard";
import { api } from "../../lib/api-client.ts";

/** The selector's choice: overall sends no channel (spec section 7). */
export type ChannelChoice = "overall" | DashboardChannel;

export const fetchOverview = (signal?: AbortSignal) =>
  api("/dashboard/overview", { schema: DashboardOverview, signal });

export const fetchMinutes = (signal?: AbortSignal) =>
  api("/dashboard/conversation-minutes", { schema: ConversationMinutes, signal });

export const fetchCapacity = (signal?: AbortSignal) =>
  api("/dashboard/capacity", { schema: DashboardCapacity, signal });

/** The capacity card's two lines: the organisation's calls on the line, and what the servers can carry. */
export function capacityLines(c: DashboardCapacity): { inProgress: string; capacity: string } {
  const calls = (n: number) => `${n.toLocaleString()} call${n === 1 ? "" : "s"}`;
  const inProgress = `Calls in progress: ${c.calls_in_progress.toLocaleString()}`;
  if (!c.servers) return { inProgress, capacity: "Capacity: no dialer is running" };
  const free = c.servers.free > 0 ? `${calls(c.servers.free)} free now` : "at capacity: calls are held back";
  return { inProgress, capacity: `Capacity: ${calls(c.servers.capacity)} in real time, ${free}` };
}

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
