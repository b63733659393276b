/** Spec §4 "Campaign statuses and chip colours": each status family gets one tone. */
export type StatusTone = "success" | "scheduled" | "running" | "stopped" | "draft" | "failed" | "pending" | "neutral";

const TONE_BY_STATUS: Record<string, StatusTone> = {
  completed: "success",
  complete: "success",
  done: "success",
  finished: "success",
  scheduled: "scheduled",
  "in progress": "running",
  running: "running",
  active: "running",
  cancelled: "stopped",
  canceled: "stopped",
  inactive: "stopped",
  stopped: "stopped",
  paused: "stopped",
  draft: "draft",
  failed: "failed",
  error: "failed",
  pending: "pending",
  waiting: "pending",
};

/** Case, underscores and dashes do not matter: "IN_PROGRESS", "in-progress" and "In Progress" are one status. */
export function campaignStatusTone(status: string | null | undefined): StatusTone {
  const key = (status ?? "").trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  return TONE_BY_STATUS[key] ?? "neutral";
}

/** Chip background and text colour per tone, readable on the dark purple theme. */
export const STATUS_TONE_COLORS: Record<StatusTone, { bg: string; fg: string }> = {
  success: { bg: "#2e7d32", fg: "#ffffff" }, // green
  scheduled: { bg: "#1976d2", fg: "#ffffff" }, // blue
  running: { bg: "#ffb300", fg: "#1a1a1a" }, // amber
  stopped: { bg: "#e53935", fg: "#ffffff" }, // red
  draft: { bg: "#616161", fg: "#ffffff" }, // grey
  failed: { bg: "#8b0000", fg: "#ffffff" }, // dark red
  pending: { bg: "#ffe082", fg: "#1a1a1a" }, // light amber
  neutral: { bg: "#9e9e9e", fg: "#1a1a1a" }, // neutral grey
};

export function campaignStatusColors(status: string | null | undefined): { bg: string; fg: string } {
  return STATUS_TONE_COLORS[campaignStatusTone(status)];
}

/** "in_progress" → "In Progress" for the chip label. */
export function statusLabel(status: string | null | undefined): string {
  const s = (status ?? "").trim().replace(/[_-]+/g, " ");
  if (!s) return "Unknown";
  return s.replace(/\b\w/g, (c) => c.toUpperCase());
}
