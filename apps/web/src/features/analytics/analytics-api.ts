import { Analytics, type AnalyticsPeriod } from "@parley/shared/analytics";
import { AnswerHours } from "@parley/shared/answer-hours";
import { Funnel, type FunnelQuery } from "@parley/shared/funnel";
import { api } from "../../lib/api-client.ts";

export const PERIODS: { value: AnalyticsPeriod; label: string }[] = [
  { value: "day", label: "Today" },
  { value: "week", label: "This Week" },
  { value: "month", label: "This Month" },
  { value: "quarter", label: "This Quarter" },
];

export const fetchAnalytics = (period: AnalyticsPeriod, timezone: string, signal?: AbortSignal) =>
  api("/analytics", { schema: Analytics, query: { period, timezone }, signal });

export const fetchAnswerHours = (signal?: AbortSignal) =>
  api("/analytics/answer-hours", { schema: AnswerHours, signal });

export const fetchFunnel = (q: FunnelQuery, signal?: AbortSignal) =>
  api("/analytics/funnel", { schema: Funnel, query: q, signal });

/** "1m 30s" / "45s"; a dash when nothing was measured. */
export function formatSecs(secs: number | null): string {
  if (secs === null) return "–";
  const m = Math.floor(secs / 60);
  return m > 0 ? `${m}m ${String(secs % 60).padStart(2, "0")}s` : `${secs}s`;
}

/** Elapsed time since an ISO instant as m:ss (h:mm:ss past an hour). */
export function elapsed(sinceIso: string, nowMs: number): string {
  const s = Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / 1000));
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}
