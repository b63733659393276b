import type {
  ChannelMetrics,
  ConversationMinutes,
  DashboardCapacity,
  DashboardChannel,
  DashboardMetrics,
} from "@parley/shared/dashboard";
import type { Clock } from "../../platform/clock.ts";
import type { CapacityRepo } from "../dialer/capacity.repo.ts";
import type { DashboardRepo, MetricCounts } from "./dashboard.repo.ts";

/** One decimal percent; 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

export function toMetrics(c: MetricCounts): DashboardMetrics {
  return {
    total_campaigns: c.campaigns,
    total_leads: c.leads,
    total_calls: c.calls,
    total_appointments: c.booked,
    booking_rate: percent(c.booked, c.calls),
    avg_call_duration_seconds: Math.round(c.avg_secs ?? 0),
  };
}

export function createDashboardService(deps: { repo: DashboardRepo; capacity: CapacityRepo; clock: Clock }) {
  const { repo } = deps;
  return {
    async capacity(orgId: string): Promise<DashboardCapacity> {
      const [inProgress, all] = await Promise.all([repo.callsInProgress(orgId), deps.capacity.total(deps.clock.now())]);
      return {
        calls_in_progress: inProgress,
        servers: all.processes
          ? { processes: all.processes, capacity: all.capacity, free: Math.max(0, all.capacity - all.liveCalls) }
          : null,
      };
    },

    async overview(orgId: string): Promise<DashboardMetrics> {
      return toMetrics(await repo.counts(orgId, null));
    },

    async channelMetrics(orgId: string, channel: DashboardChannel | undefined): Promise<ChannelMetrics> {
      const metrics = toMetrics(await repo.counts(orgId, channel ?? null));
      const key = channel ?? "all_channels";
      return { channel: key, metrics: { [key]: metrics } };
    },

    async conversationMinutes(orgId: string): Promise<ConversationMinutes> {
      const { balance, charged } = await repo.minutes(orgId);
      const remaining = Math.max(0, Math.floor(balance));
      return { remaining_minutes: remaining, used_minutes: charged, total_minutes: remaining + charged };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
