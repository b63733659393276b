import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { Analytics } from "@parley/shared/analytics";
import { axisProps, COLORS, tooltipProps } from "./chart-style.ts";
import { EmptyState } from "./EmptyState.tsx";

const KINDS = [
  { key: "positive", label: "Positive" },
  { key: "neutral", label: "Neutral" },
  { key: "negative", label: "Negative" },
] as const;

/** How callees felt: the period's split, and the split per bucket over time. */
export function SentimentTab({ data }: { data: Analytics }) {
  const s = data.totals.sentiment;
  const rated = s.positive + s.neutral + s.negative;
  if (rated === 0) {
    return (
      <EmptyState
        title="No rated calls in this period."
        hint="Sentiment is recorded for calls in which the callee spoke."
      />
    );
  }
  const pie = KINDS.map((k) => ({ name: k.label, value: s[k.key], fill: COLORS[k.key] })).filter((p) => p.value > 0);
  const over = data.buckets.map((b) => ({
    label: b.label,
    Positive: b.sentiment.positive,
    Neutral: b.sentiment.neutral,
    Negative: b.sentiment.negative,
  }));
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 2fr" } }}>
      <Box component="section" aria-label="Sentiment breakdown">
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          Breakdown
        </Typography>
        <ResponsiveContainer width="100%" height={240}>
          <PieChart>
            <Pie
              data={pie}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="85%"
              paddingAngle={2}
              stroke="none"
              isAnimationActive={false}
            />
            <Tooltip {...tooltipProps} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
        <Typography variant="body2" color="text.secondary">
          {KINDS.map((k) => `${k.label} ${Math.round((s[k.key] * 100) / rated)}%`).join(" · ")}
          {s.unrated > 0 && ` — ${s.unrated} call${s.unrated === 1 ? "" : "s"} without sentiment (not answered)`}
        </Typography>
      </Box>
      <Box component="section" aria-label="Sentiment over time">
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          Over time
        </Typography>
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={over} margin={{ left: -20, right: 8 }}>
            <CartesianGrid stroke={COLORS.grid} vertical={false} />
            <XAxis dataKey="label" {...axisProps} minTickGap={12} />
            <YAxis allowDecimals={false} {...axisProps} />
            <Tooltip {...tooltipProps} />
            <Legend />
            {KINDS.map((k) => (
              <Bar
                key={k.key}
                dataKey={k.label}
                stackId="s"
                fill={COLORS[k.key]}
                isAnimationActive={false}
                maxBarSize={56}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}
