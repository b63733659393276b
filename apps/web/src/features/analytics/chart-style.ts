/** Colours and axis styles shared by the analytics charts (dark theme). */
export const COLORS = {
  positive: "#22c55e",
  neutral: "#a78bfa",
  negative: "#ef4444",
  unrated: "#6b7280",
  calls: "#8b5cf6",
  connected: "#3b82f6",
  booked: "#22c55e",
  interested: "#f59e0b",
  grid: "rgba(167, 139, 250, 0.16)",
  axis: "#c4b5fd",
};

export const axisProps = { stroke: COLORS.axis, tick: { fill: COLORS.axis, fontSize: 12 }, tickLine: false } as const;

export const tooltipProps = {
  contentStyle: { background: "#1c0f33", border: `1px solid ${COLORS.grid}`, borderRadius: 8, color: "#f5f3ff" },
  labelStyle: { color: "#f5f3ff" },
  cursor: { fill: "rgba(139, 92, 246, 0.12)" },
} as const;
