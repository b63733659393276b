/** Spec §5 "Choices": the follow-up time gap is one of these hour values. */
export const TIME_GAP_HOURS = [1, 2, 4, 6, 8, 12, 24] as const;
export const DEFAULT_TIME_GAP_HOURS = 2;
export const MAX_ATTEMPT_CHOICES = [1, 2, 3, 4, 5] as const;
export const DEFAULT_MAX_ATTEMPTS = 4;

const SECONDS_PER_HOUR = 3600;

/**
 * A stored gap in seconds → the nearest allowed hour choice (ties go to the smaller choice);
 * a missing, non-numeric or non-positive value gives the default of 2 hours.
 */
export function snapTimeGapHours(seconds: number | string | null | undefined): number {
  const n = typeof seconds === "string" ? Number(seconds) : seconds;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return DEFAULT_TIME_GAP_HOURS;
  const hours = n / SECONDS_PER_HOUR;
  let best: number = TIME_GAP_HOURS[0];
  for (const choice of TIME_GAP_HOURS) {
    if (Math.abs(choice - hours) < Math.abs(best - hours)) best = choice;
  }
  return best;
}

export function hoursToSeconds(hours: number): number {
  return Math.round(hours * SECONDS_PER_HOUR);
}

/** List column text: 7200 → "2 hours", 3600 → "1 hour", odd values shown in hours with one decimal. */
export function formatTimeGap(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return "-";
  const hours = Math.round((seconds / SECONDS_PER_HOUR) * 10) / 10;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}
