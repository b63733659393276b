import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ArrowBack from "@mui/icons-material/ArrowBack";
import type { Analytics, AnalyticsPeriod } from "@parley/shared/analytics";
import { failureMessage } from "../../lib/api-error.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { fetchAnalytics, PERIODS } from "./analytics-api.ts";
import { AnswerHoursPanel } from "./AnswerHoursPanel.tsx";
import { FunnelTab } from "./FunnelTab.tsx";
import { LiveCallsPanel } from "./LiveCallsPanel.tsx";
import { PerformanceTab } from "./PerformanceTab.tsx";
import { SentimentTab } from "./SentimentTab.tsx";
import { VolumeTab } from "./VolumeTab.tsx";

const TABS = ["Sentiment Analysis", "Call Volume", "Agent Performance", "Campaign Analytics"] as const;

function Totals({ data }: { data: Analytics }) {
  const items = [
    { label: "Calls", value: data.totals.calls },
    { label: "Connected", value: data.totals.connected },
    { label: "Booked", value: data.totals.booked },
  ];
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: 1.5 }}>
      {items.map((i) => (
        <Paper key={i.label} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {i.label}
          </Typography>
          <Typography variant="h5" component="p">
            {i.value.toLocaleString()}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function TabBody({ tab, data }: { tab: number; data: Analytics }) {
  if (tab === 0) return <SentimentTab data={data} />;
  if (tab === 1) return <VolumeTab data={data} />;
  if (tab === 2) return <PerformanceTab data={data} />;
  // A new period starts the funnel's range afresh.
  return <FunnelTab key={data.from} data={data} />;
}

/** Calling Analytics & Visualization: the organisation's real calls for the chosen period, and the calls live now. */
export function CallingVisualizationPage() {
  const { orgSlug } = useParams();
  const [period, setPeriod] = useState<AnalyticsPeriod>("week");
  const [tab, setTab] = useState(0);
  // Today, this week… are the viewer's days (the organisation's zone), as every other screen counts them.
  const zone = useViewerZone();
  const q = useQuery({
    queryKey: ["analytics", period, zone],
    queryFn: ({ signal }) => fetchAnalytics(period, zone, signal),
  });

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5, minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={orgSlug ? `/org/${orgSlug}/dashboard` : "/dashboard"}
        underline="hover"
        sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, alignSelf: "flex-start" }}
      >
        <ArrowBack fontSize="small" /> Back to Dashboard
      </Link>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-end", justifyContent: "space-between" }}>
        <Box>
          <Typography variant="h4" component="h1">
            Calling Analytics & Visualization
          </Typography>
          <Typography color="text.secondary">From your calls, in your time zone ({zone})</Typography>
        </Box>
        <TextField
          select
          size="small"
          label="Period"
          value={period}
          onChange={(e) => setPeriod(e.target.value as AnalyticsPeriod)}
          sx={{ minWidth: 170 }}
        >
          {PERIODS.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <LiveCallsPanel />
      {q.isPending && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 6 }}>
          <CircularProgress aria-label="Loading analytics" />
        </Box>
      )}
      {q.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => q.refetch()}>
              Retry
            </Button>
          }
        >
          {failureMessage(q.error, "Failed to load analytics. Please try again.")}
        </Alert>
      )}
      {q.data && (
        <>
          <Totals data={q.data} />
          <Paper sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
            <Tabs
              value={tab}
              onChange={(_, v: number) => setTab(v)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label="Charts"
              sx={{ mb: 2 }}
            >
              {TABS.map((t) => (
                <Tab key={t} label={t} />
              ))}
            </Tabs>
            <TabBody tab={tab} data={q.data} />
          </Paper>
        </>
      )}
      <AnswerHoursPanel />
    </Box>
  );
}
