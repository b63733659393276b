import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
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
import type { Analytics } from "@parley/shared/analytics";
import type { Funnel } from "@parley/shared/funnel";
import { failureMessage } from "../../lib/api-error.ts";
import { fetchFunnel } from "./analytics-api.ts";
import { axisProps, COLORS, tooltipProps } from "./chart-style.ts";
import { EmptyState } from "./EmptyState.tsx";
import { dayKey } from "../../lib/zoned-time.ts";
import { rangeProblem, stageRows } from "./funnel-view.ts";
import { VariantSplit } from "./VariantSplit.tsx";

const ALL = "all";
const FILLS = [COLORS.calls, COLORS.connected, COLORS.neutral, COLORS.interested, COLORS.booked];

/** Each stage's bar in its own colour. */
const stageBar = (p: BarShapeProps) => <Rectangle {...p} fill={FILLS[p.index] ?? COLORS.calls} />;

function FunnelChart({ funnel, choice }: { funnel: Funnel; choice: string }) {
  const picked = funnel.campaigns.find((c) => c.campaign_id === choice);
  const rows = stageRows(picked ?? funnel.totals).map((r) => ({
    ...r,
    text: r.share ? `${r.value.toLocaleString()} (${r.share})` : r.value.toLocaleString(),
  }));
  const contacts = picked ? picked.contacts : funnel.campaigns.reduce((n, c) => n + c.contacts, 0);
  return (
    <>
      <Box component="section" aria-label="Campaign funnel">
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 72 }}>
            <CartesianGrid stroke={COLORS.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...axisProps} />
            <YAxis type="category" dataKey="stage" width={110} {...axisProps} />
            <Tooltip {...tooltipProps} />
            <Bar dataKey="value" name="Contacts" isAnimationActive={false} shape={stageBar}>
              <LabelList dataKey="text" position="right" fill="#f5f3ff" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
      {picked?.variants && <VariantSplit variants={picked.variants} />}
      {!picked && funnel.campaigns.some((c) => c.variants) && (
        <Typography variant="body2" color="text.secondary">
          Choose a campaign running an experiment to split its funnel by variant.
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        Contacts first dialled in the range ({contacts.toLocaleString()} on the list), each counted once per stage
        however far it has got since: answered includes answering machines; a person excludes them; a conversation is a
        person on the line over 30 seconds; qualified answered every qualifying question of its campaign, each meeting
        its rule. The share in brackets is of the stage before (meetings: of conversations, as a meeting may be booked
        without qualifying).
      </Typography>
    </>
  );
}

/**
 * Campaign Analytics: for a range of days (the chosen period's start to today unless changed), the contacts first
 * dialled in it, per campaign or all together, and how far they got: dialled → answered → a person → a
 * conversation → a meeting booked.
 */
export function FunnelTab({ data }: { data: Analytics }) {
  const zone = data.timezone;
  const [from, setFrom] = useState(data.from.slice(0, 10));
  const [to, setTo] = useState(dayKey(new Date(), zone));
  const [choice, setChoice] = useState(ALL);
  const problem = rangeProblem(from, to, zone);
  const q = useQuery({
    queryKey: ["analytics", "funnel", from, to, zone],
    queryFn: ({ signal }) => fetchFunnel({ from, to, timezone: zone }, signal),
    enabled: problem === null,
  });
  const dates = (label: string, value: string, set: (v: string) => void) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: "100%", sm: 170 } }}
    />
  );
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
        {dates("From", from, setFrom)}
        {dates("To", to, setTo)}
        <TextField
          select
          size="small"
          label="Campaign"
          value={q.data?.campaigns.some((c) => c.campaign_id === choice) ? choice : ALL}
          onChange={(e) => setChoice(e.target.value)}
          sx={{ minWidth: 220, flex: { xs: "1 1 100%", sm: "0 1 360px" } }}
        >
          <MenuItem value={ALL}>All campaigns ({q.data?.campaigns.length ?? 0})</MenuItem>
          {q.data?.campaigns.map((c) => (
            <MenuItem key={c.campaign_id} value={c.campaign_id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {problem && <Alert severity="warning">{problem}</Alert>}
      {!problem && q.isPending && <CircularProgress aria-label="Loading the funnel" size={28} />}
      {q.isError && <Alert severity="error">{failureMessage(q.error, "Failed to load the funnel.")}</Alert>}
      {!problem && q.data && q.data.totals.dialled === 0 && (
        <EmptyState
          title="No contacts first dialled in this range."
          hint="A campaign's funnel appears once its first contacts are dialled."
        />
      )}
      {!problem && q.data && q.data.totals.dialled > 0 && <FunnelChart funnel={q.data} choice={choice} />}
    </Box>
  );
}
