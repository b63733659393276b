import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Analytics, PerformanceRow } from "@parley/shared/analytics";
import { formatSecs } from "./analytics-api.ts";
import { axisProps, COLORS, tooltipProps } from "./chart-style.ts";
import { EmptyState } from "./EmptyState.tsx";

function PerformanceTable({ title, rows }: { title: string; rows: PerformanceRow[] }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <TableContainer sx={{ overflowX: "auto" }}>
        <Table size="small" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Calls</TableCell>
              <TableCell align="right">Connect rate</TableCell>
              <TableCell align="right">Booking rate</TableCell>
              <TableCell align="right">Avg duration</TableCell>
              <TableCell align="right">Avg latency</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id ?? "none"}>
                <TableCell sx={{ maxWidth: 200, overflowWrap: "anywhere" }}>{r.name}</TableCell>
                <TableCell align="right">{r.calls}</TableCell>
                <TableCell align="right">{r.connect_rate}%</TableCell>
                <TableCell align="right">{r.booking_rate}%</TableCell>
                <TableCell align="right">{formatSecs(r.avg_duration_secs)}</TableCell>
                <TableCell align="right">{r.avg_latency_ms === null ? "–" : `${r.avg_latency_ms} ms`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** Connect and booking rates, call length and voice-to-voice latency, per voice and per campaign. */
export function PerformanceTab({ data }: { data: Analytics }) {
  if (data.totals.calls === 0)
    return (
      <EmptyState
        title="No calls in this period yet."
        hint="Each voice's and campaign's figures appear once calls are made."
      />
    );
  const rates = data.by_voice.map((v) => ({
    name: v.name,
    "Connect rate": v.connect_rate,
    "Booking rate": v.booking_rate,
  }));
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
      <Box component="section" aria-label="Rates by voice">
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          Rates by voice (% of calls placed)
        </Typography>
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={rates} margin={{ left: -20, right: 8 }}>
            <CartesianGrid stroke={COLORS.grid} vertical={false} />
            <XAxis dataKey="name" {...axisProps} interval={0} />
            <YAxis domain={[0, 100]} unit="%" {...axisProps} />
            <Tooltip {...tooltipProps} />
            <Legend />
            <Bar dataKey="Connect rate" fill={COLORS.connected} isAnimationActive={false} maxBarSize={56} />
            <Bar dataKey="Booking rate" fill={COLORS.booked} isAnimationActive={false} maxBarSize={56} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <PerformanceTable title="By voice" rows={data.by_voice} />
      <PerformanceTable title="By campaign" rows={data.by_campaign} />
      <Typography variant="caption" color="text.secondary">
        Latency: time from the end of the callee's speech to the agent's first audio, averaged over agent turns.
      </Typography>
    </Box>
  );
}
