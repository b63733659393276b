import { SCORECARD_LABELS, type ScorecardCheckRate } from "@parley/shared/scorecard";

export type RateRow = {
  check: ScorecardCheckRate["check"];
  label: string;
  /** "80%", or "—" when the check applied to no call. */
  rate: string;
  /** 0–100 for the bar; null without a rate. */
  percent: number | null;
  /** "8 of 10 calls · 2 N/A" */
  counts: string;
  failed: number;
};

/** A campaign's checks as its view lists them: the weakest first, those that never applied last. */
export function rateRows(checks: ScorecardCheckRate[]): RateRow[] {
  return [...checks]
    .sort((a, b) => (a.pass_rate ?? 2) - (b.pass_rate ?? 2))
    .map((c) => {
      const judged = c.pass + c.fail;
      const percent = c.pass_rate === null ? null : Math.round(c.pass_rate * 100);
      return {
        check: c.check,
        label: SCORECARD_LABELS[c.check],
        rate: percent === null ? "—" : `${percent}%`,
        percent,
        counts: `${c.pass} of ${judged} ${judged === 1 ? "call" : "calls"}${c.na ? ` · ${c.na} N/A` : ""}`,
        failed: c.fail,
      };
    });
}

/** Where a failed check opens: the call's details in Call logs, the recording at the moment that decided it. */
export const failedCallLink = (orgSlug: string, callId: string, atMs: number | null) =>
  `/org/${orgSlug}/call-logs?call=${callId}${atMs !== null ? `&at=${Math.round(atMs)}` : ""}`;
