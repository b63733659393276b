import type { AnswerHours } from "@parley/shared/answer-hours";

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
/** The dialer keeps to 08:00–21:00 on the contact's clock: those rows always show, others only with calls. */
const LEGAL_FIRST_HOUR = 8;
const LEGAL_LAST_HOUR = 20;

export type HeatCell = {
  weekday: number;
  /** Share answered by a person, 0–1; null when the hour has too few calls to say. */
  rate: number | null;
  /** The cell's main text: "75%", or the count of too few calls, or nothing. */
  text: string;
  /** The count under a rate ("18/24"), or "few calls". */
  detail: string;
  /** What a screen reader says for the cell. */
  label: string;
};
export type HeatRow = { hour: number; label: string; cells: HeatCell[] };

export const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

/** One row per contact-local hour, one cell per weekday (Monday first), from the cells the server sent. */
export function heatRows(data: AnswerHours): HeatRow[] {
  const byKey = new Map(data.cells.map((c) => [`${c.weekday}-${c.hour}`, c]));
  const hours = data.cells.map((c) => c.hour);
  const first = Math.min(LEGAL_FIRST_HOUR, ...hours);
  const last = Math.max(LEGAL_LAST_HOUR, ...hours);
  const rows: HeatRow[] = [];
  for (let hour = first; hour <= last; hour++) {
    const cells = WEEKDAYS.map((_, i): HeatCell => {
      const weekday = i + 1;
      const where = `${DAY_NAMES[i]} ${hourLabel(hour)}`;
      const c = byKey.get(`${weekday}-${hour}`);
      if (!c || c.dialled === 0) return { weekday, rate: null, text: "", detail: "", label: `${where}: no calls` };
      const calls = `${c.dialled} call${c.dialled === 1 ? "" : "s"}`;
      if (c.dialled < data.min_cell_calls)
        return {
          weekday,
          rate: null,
          text: String(c.dialled),
          detail: "few",
          label: `${where}: ${calls}, too few for a rate`,
        };
      const rate = c.people / c.dialled;
      const pct = `${Math.round(rate * 100)}%`;
      return {
        weekday,
        rate,
        text: pct,
        detail: `${c.people}/${c.dialled}`,
        label: `${where}: ${pct} answered by a person, ${c.people} of ${calls}`,
      };
    });
    rows.push({ hour, label: hourLabel(hour), cells });
  }
  return rows;
}

/** The cell's background: deeper purple for a higher rate; none when there is no rate to show. */
export function heatShade(rate: number | null): string | undefined {
  if (rate === null) return undefined;
  return `rgba(139, 92, 246, ${(0.12 + 0.78 * rate).toFixed(2)})`;
}

/** Whether the dialer already uses these hours, in words. */
export function learningNote(data: AnswerHours): string {
  const { active, dialled, needed_calls } = data.learning;
  if (active)
    return `Retries go out in the hours that answer best (learnt from ${dialled.toLocaleString()} dialled calls).`;
  if (dialled >= needed_calls)
    return `No hour has ${data.min_cell_calls} calls of its own yet: retries keep each campaign's time gap.`;
  return (
    `Retries keep each campaign's time gap until ${needed_calls} calls have been dialled ` +
    `(${dialled.toLocaleString()} so far); then they move to the hours that answer best.`
  );
}
