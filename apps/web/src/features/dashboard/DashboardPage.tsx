import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import Insights from "@mui/icons-material/Insights";
import { ActiveCampaigns } from "./ActiveCampaigns.tsx";
import { failureMessage } from "../../lib/api-error.ts";
import { fetchMinutes, fetchOverview, type ChannelChoice } from "./dashboard-api.ts";
import { MetricCards } from "./MetricCards.tsx";
import { CapacityCard } from "./CapacityCard.tsx";
import { useCan } from "../../lib/useCurrentUser.ts";

const CHANNELS: { value: ChannelChoice; label: string; disabled?: boolean }[] = [
  { value: "overall", label: "Overall" },
  { value: "voice", label: "Voice" },
  { value: "email", label: "Email", disabled: true },
  { value: "whatsapp", label: "WhatsApp", disabled: true },
];

export function DashboardPage() {
  const { orgSlug } = useParams();
  const [channel, setChannel] = useState<ChannelChoice>("voice");
  const overview = useQuery({ queryKey: ["dashboard", "overview"], queryFn: ({ signal }) => fetchOverview(signal) });
  const minutes = useQuery({ queryKey: ["dashboard", "minutes"], queryFn: ({ signal }) => fetchMinutes(signal) });
  const failed = overview.error ?? minutes.error;
  const seesCapacity = useCan("capacity.view");

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-end", justifyContent: "space-between" }}>
        <Box>
          <Typography variant="h4" component="h1">
            Dashboard
          </Typography>
          <Typography color="text.secondary">Monitor your voice AI campaigns</Typography>
        </Box>
        {/* The analytics screen links back here ('Back to Dashboard'); this is its way in. */}
        <Button
          component={RouterLink}
          to={orgSlug ? `/org/${orgSlug}/calling-visualization` : "/calling-visualization"}
          startIcon={<Insights />}
        >
          Calling analytics
        </Button>
      </Box>
      {(overview.isPending || minutes.isPending) && !failed && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 6 }}>
          <CircularProgress aria-label="Loading dashboard" />
        </Box>
      )}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void Promise.all([overview.refetch(), minutes.refetch()])}
            >
              Retry
            </Button>
          }
        >
          {failureMessage(failed, "Failed to load dashboard data. Please try again.")}
        </Alert>
      )}
      {overview.isSuccess && minutes.isSuccess && (
        <>
          <Box
            sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", justifyContent: "space-between" }}
          >
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              aria-label="Channel"
              value={channel}
              onChange={(_, v: ChannelChoice | null) => v && setChannel(v)}
            >
              {CHANNELS.map((c) => (
                <ToggleButton key={c.value} value={c.value} disabled={c.disabled} sx={{ px: { xs: 1.25, sm: 2 } }}>
                  {c.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Paper variant="outlined" sx={{ px: 2, py: 1 }} aria-label="Conversation minutes">
              <Typography sx={{ fontWeight: 600 }}>
                Conversation minutes remaining: {minutes.data.remaining_minutes.toLocaleString()} min
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {minutes.data.used_minutes.toLocaleString()} of {minutes.data.total_minutes.toLocaleString()} min used
              </Typography>
            </Paper>
            {seesCapacity && <CapacityCard />}
          </Box>
          <MetricCards channel={channel} />
        </>
      )}
      <ActiveCampaigns />
    </Box>
  );
}
