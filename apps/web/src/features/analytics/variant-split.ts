import { FUNNEL_STAGES, type FunnelVariant } from "@parley/shared/funnel";
import { stageRows } from "./funnel-view.ts";

export type SplitRow = { stage: string; cells: string[] };

/**
 * The funnel of one campaign's experiment, a row per stage and a column per variant: "8 (67%)", the share being of
 * that variant's stage before.
 */
export function variantSplitRows(variants: FunnelVariant[]): SplitRow[] {
  const perVariant = variants.map((v) => stageRows(v));
  return FUNNEL_STAGES.map((s, i) => ({
    stage: s.label,
    cells: perVariant.map((rows) => {
      const r = rows[i]!;
      return r.share ? `${r.value.toLocaleString()} (${r.share})` : r.value.toLocaleString();
    }),
  }));
}
