import { useState } from "react";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from "recharts";
import type { Analytics, FunnelRow } from "@parley/shared/analytics";
import { axisProps, COLORS, tooltipProps } from "./chart-style.ts";
import { EmptyState } from "./EmptyState.tsx";

const ALL = "all";
const STAGES = [
  { key: "contacts", label: "Contacts", fill: COLORS.unrated },
  { key: "dialled", label: "Dialled", fill: COLORS.calls },
  { key: "connected", label: "Connected", fill: COLORS.connected },
  { key: "interested", label: "Interested", fill: COLORS.interested },
  { key: "booked", label: "Booked", fill: COLORS.booked },
] as const;

function sumFunnel(rows: FunnelRow[]): Omit<FunnelRow, "campaign_id" | "name"> {
  const total = { contacts: 0, dialled: 0, connected: 0, interested: 0, booked: 0 };
  for (const r of rows) for (const s of STAGES) total[s.key] += r[s.key];
  return total;
}

/** Each stage's bar in its own colour. */
const stageBar = (p: BarShapeProps) => <Rectangle {...p} fill={STAGES[p.index]?.fill ?? COLORS.calls} />;

/** Per campaign (or all together): of the contacts first dialled in the period, how many got to each stage. */
export function FunnelTab({ data }: { data: Analytics }) {
  const [choice, setChoice] = useState(ALL);
  if (data.funnel.length === 0)
    return (
      <EmptyState
        title="No campaign calls in this period yet."
        hint="A campaign's funnel appears once its first contacts are dialled."
      />
    );
  const picked = data.funnel.filter((f) => choice === ALL || f.campaign_id === choice);
  const totals = sumFunnel(picked.length ? picked : data.funnel);
  const rows = STAGES.map((s) => ({ stage: s.label, value: totals[s.key] }));
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <TextField
        select
        size="small"
        label="Campaign"
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        sx={{ maxWidth: 360 }}
      >
        <MenuItem value={ALL}>All campaigns ({data.funnel.length})</MenuItem>
        {data.funnel.map((f) => (
          <MenuItem key={f.campaign_id} value={f.campaign_id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      <Box component="section" aria-label="Campaign funnel">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 40 }}>
            <CartesianGrid stroke={COLORS.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...axisProps} />
            <YAxis type="category" dataKey="stage" width={84} {...axisProps} />
            <Tooltip {...tooltipProps} />
            <Bar dataKey="value" name="Contacts" isAnimationActive={false} shape={stageBar}>
              <LabelList dataKey="value" position="right" fill="#f5f3ff" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Typography variant="caption" color="text.secondary">
        Each contact counts once per stage. Contacts are all of the campaign's; the other stages follow the contacts
        first dialled in the period, however far they have got since.
      </Typography>
    </Box>
  );
}
