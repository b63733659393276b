import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Analytics } from "@parley/shared/analytics";
import { axisProps, COLORS, tooltipProps } from "./chart-style.ts";
import { EmptyState } from "./EmptyState.tsx";

const BUCKET_NAME = { day: "hour", week: "day", month: "day", quarter: "week" } as const;

/** Calls placed, reached and booked per hour, day or week of the period. */
export function VolumeTab({ data }: { data: Analytics }) {
  if (data.totals.calls === 0)
    return (
      <EmptyState
        title="No calls in this period yet."
        hint="Launch a campaign and its calls appear here as they are made."
      />
    );
  const rows = data.buckets.map((b) => ({ label: b.label, Calls: b.calls, Connected: b.connected, Booked: b.booked }));
  return (
    <Box component="section" aria-label="Call volume">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {data.totals.calls} calls, {data.totals.connected} connected, {data.totals.booked} booked — per{" "}
        {BUCKET_NAME[data.period]}
      </Typography>
      <ResponsiveContainer width="100%" height={320}>
        <BarChart data={rows} margin={{ left: -20, right: 8 }}>
          <CartesianGrid stroke={COLORS.grid} vertical={false} />
          <XAxis dataKey="label" {...axisProps} minTickGap={12} />
          <YAxis allowDecimals={false} {...axisProps} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar dataKey="Calls" fill={COLORS.calls} isAnimationActive={false} maxBarSize={56} />
          <Bar dataKey="Connected" fill={COLORS.connected} isAnimationActive={false} maxBarSize={56} />
          <Bar dataKey="Booked" fill={COLORS.booked} isAnimationActive={false} maxBarSize={56} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
