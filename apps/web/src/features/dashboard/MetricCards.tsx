import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { failureMessage } from "../../lib/api-error.ts";
import { fetchChannelMetrics, metricCards, type ChannelChoice } from "./dashboard-api.ts";

/** The metric card grid of one channel: 3 columns for voice on wide screens, else 2, and 1 on small ones. */
export function MetricCards({ channel }: { channel: ChannelChoice }) {
  // staleTime 0: selecting a channel always refetches its metrics (spec section 4).
  const q = useQuery({
    queryKey: ["dashboard", "channel-metrics", channel],
    queryFn: ({ signal }) => fetchChannelMetrics(channel, signal),
    staleTime: 0,
  });
  if (q.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label="Loading metrics" />
      </Box>
    );
  }
  if (q.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => q.refetch()}>
            Retry
          </Button>
        }
      >
        {failureMessage(q.error, "Failed to load channel metrics. Please try again.")}
      </Alert>
    );
  }
  const wide = channel === "voice" ? "repeat(3, 1fr)" : "repeat(2, 1fr)";
  return (
    <Box
      role="list"
      aria-label="Metrics"
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: wide } }}
    >
      {metricCards(q.data).map((c) => (
        <Card key={c.label} role="listitem" variant="outlined">
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {c.label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ mt: 0.5 }}>
              {c.value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
