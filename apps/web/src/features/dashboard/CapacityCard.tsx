import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { capacityLines, fetchCapacity } from "./dashboard-api.ts";

/**
 * For admins: the organisation's calls on the line now and what the servers can carry in real time (admission
 * control holds the dialer back past it). Refreshed every few seconds; hidden while it loads or fails, since the
 * rest of the dashboard does not depend on it.
 */
export function CapacityCard() {
  const q = useQuery({
    queryKey: ["dashboard", "capacity"],
    queryFn: ({ signal }) => fetchCapacity(signal),
    refetchInterval: 5000,
  });
  if (!q.isSuccess) return null;
  const { inProgress, capacity } = capacityLines(q.data);
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }} aria-label="Calls and capacity" data-testid="capacity-card">
      <Typography sx={{ fontWeight: 600 }}>{inProgress}</Typography>
      <Typography variant="caption" color="text.secondary">
        {capacity}
      </Typography>
    </Paper>
  );
}
