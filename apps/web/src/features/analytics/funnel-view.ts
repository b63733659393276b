import { FUNNEL_STAGES, FunnelQuery, type FunnelStages } from "@parley/shared/funnel";

export type StageRow = { key: keyof FunnelStages; stage: string; value: number; share: string | null };

/**
 * The stages in order, each with its share of the stage before it ("80%"; bookings: of conversations), none for the
 * first or after a zero.
 */
export function stageRows(stages: FunnelStages): StageRow[] {
  return FUNNEL_STAGES.map((s, i) => {
    const base = s.of ?? (i > 0 ? FUNNEL_STAGES[i - 1]!.key : null);
    const before = base ? stages[base] : 0;
    const value = stages[s.key];
    return { key: s.key, stage: s.label, value, share: before > 0 ? `${Math.round((value * 100) / before)}%` : null };
  });
}

/** What is wrong with a range the viewer typed, in the server's words; null when it may be asked for. */
export function rangeProblem(from: string, to: string, timezone: string): string | null {
  const r = FunnelQuery.safeParse({ from, to, timezone });
  return r.success ? null : (r.error.issues[0]?.message ?? "Choose a range of days.");
}
