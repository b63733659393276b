import { SCORECARD_LABELS, type ScorecardCheck } from "@parley/shared/scorecard";

/** ms since the answer as m:ss: where in the recording a moment is. */
export const atClock = (ms: number) =>
  `${Math.floor(ms / 60000)}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, "0")}`;

export const RESULT_LABEL = { pass: "Pass", fail: "Fail", na: "N/A" } as const;
export const RESULT_COLOUR = { pass: "success", fail: "error", na: "default" } as const;

export type ScorecardRow = {
  check: ScorecardCheck["check"];
  label: string;
  result: ScorecardCheck["result"];
  note: string;
  /** "Line 3 at 0:07" when a line decided it. */
  where: string | null;
  atMs: number | null;
};

/** The checks as the details list them: failures first (what a manager looks for), then passes, then N/A. */
export function scorecardRows(checks: ScorecardCheck[]): ScorecardRow[] {
  const order = { fail: 0, pass: 1, na: 2 };
  return [...checks]
    .sort((a, b) => order[a.result] - order[b.result])
    .map((c) => ({
      check: c.check,
      label: SCORECARD_LABELS[c.check],
      result: c.result,
      note: c.note,
      where: c.line ? `Line ${c.line.index + 1} at ${atClock(c.line.at_ms)}` : null,
      atMs: c.line?.at_ms ?? null,
    }));
}

/** "9 passed · 1 failed · 2 N/A" */
export function scorecardTally(checks: ScorecardCheck[]): string {
  const n = (r: ScorecardCheck["result"]) => checks.filter((c) => c.result === r).length;
  return `${n("pass")} passed · ${n("fail")} failed · ${n("na")} N/A`;
}
