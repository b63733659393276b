import type { Analytics, AnalyticsBucket, AnalyticsQuery, PerformanceRow } from "@parley/shared/analytics";
import { notFound, validationError } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import type { DateTime } from "luxon";
import { isValidZone, periodRange, type Bucket } from "./analytics-period.ts";
import { SLOT_SECONDS, type AggregateRow, type AnalyticsRepo } from "./analytics.repo.ts";

/** One decimal percent; 0 when there is nothing to divide by (same rule as the dashboard). */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);
const SENTIMENTS = ["positive", "neutral", "negative", "unrated"] as const;

function toPerformance(r: AggregateRow, id: string | null, name: string): PerformanceRow {
  return {
    id,
    name,
    calls: r.calls,
    connected: r.connected,
    booked: r.booked,
    connect_rate: percent(r.connected, r.calls),
    booking_rate: percent(r.booked, r.calls),
    avg_duration_secs: Math.round(r.avg_secs ?? 0),
    avg_latency_ms: r.gap_n > 0 ? Math.round(r.gap_total / r.gap_n) : null,
  };
}

/** The period's buckets (hours, days or weeks of the zone) with the figures of each (`rows` by 1-based bucket). */
function fillBuckets(buckets: Bucket[], rows: AggregateRow[]): AnalyticsBucket[] {
  const out: AnalyticsBucket[] = buckets.map((b) => ({
    start: b.start.toISO()!,
    label: b.label,
    calls: 0,
    connected: 0,
    booked: 0,
    sentiment: { positive: 0, neutral: 0, negative: 0, unrated: 0 },
  }));
  for (const s of rows) {
    const b = out[s.bucket! - 1];
    if (!b) continue;
    b.calls += s.calls;
    b.connected += s.connected;
    b.booked += s.booked;
    for (const k of SENTIMENTS) b.sentiment[k] += s[k];
  }
  return out;
}

type Deps = {
  repo: AnalyticsRepo;
  clock: Clock;
  /** Voice id → display name, from the voices feature. */
  voiceNames(): Promise<Map<string, string>>;
};

export function createAnalyticsService(deps: Deps) {
  const { repo, clock } = deps;

  async function voiceName(): Promise<(id: string | null) => string> {
    const names = await deps.voiceNames().catch(() => new Map<string, string>());
    return (id) => (id ? (names.get(id) ?? id) : "No voice set");
  }

  return {
    async get(orgId: string, q: AnalyticsQuery): Promise<Analytics> {
      if (!isValidZone(q.timezone)) {
        throw validationError([
          { path: "timezone", message: `Unknown time zone "${q.timezone}". Use an IANA name such as Asia/Kolkata.` },
        ]);
      }
      if (q.campaign_id && !(await repo.campaignExists(orgId, q.campaign_id))) throw notFound("Campaign");
      const { from, to, buckets } = periodRange(q.period, q.timezone, clock.now());
      // Up to the end of the bucket holding now: every counted call then lands in a bucket.
      const slotOf = (d: DateTime) => Math.floor(d.toMillis() / (SLOT_SECONDS * 1000));
      const bounds = [...buckets.map((b) => slotOf(b.start)), slotOf(buckets.at(-1)?.end ?? to)];
      const range = { orgId, bounds, campaignId: q.campaign_id ?? null };
      const [rows, funnel, nameOf] = await Promise.all([repo.aggregate(range), repo.funnel(range), voiceName()]);

      const out = fillBuckets(
        buckets,
        rows.filter((r) => r.kind === "bucket"),
      );
      const sum = (f: (b: AnalyticsBucket) => number) => out.reduce((n, b) => n + f(b), 0);
      return {
        period: q.period,
        timezone: q.timezone,
        from: from.toISO()!,
        to: to.toISO()!,
        totals: {
          calls: sum((b) => b.calls),
          connected: sum((b) => b.connected),
          booked: sum((b) => b.booked),
          sentiment: Object.fromEntries(
            SENTIMENTS.map((k) => [k, sum((b) => b.sentiment[k])]),
          ) as Analytics["totals"]["sentiment"],
        },
        buckets: out,
        by_voice: rows.filter((r) => r.kind === "voice").map((r) => toPerformance(r, r.voice_id, nameOf(r.voice_id))),
        by_campaign: rows
          .filter((r) => r.kind === "campaign")
          .map((r) => toPerformance(r, r.campaign_id, r.name ?? "Deleted campaign")),
        funnel,
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
