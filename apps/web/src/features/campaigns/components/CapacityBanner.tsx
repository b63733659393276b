import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import type { DialerActivity } from "@parley/shared/campaign-progress";

/**
 * Shown while the dialer holds this campaign's due calls back because the server is at capacity: why nothing
 * rings although contacts are waiting, and that they are called as soon as there is room (docs/capacity.md).
 */
export function CapacityBanner({ activity }: { activity: DialerActivity }) {
  if (activity.state !== "at_capacity") return null;
  return (
    <Alert severity="warning" variant="filled" data-testid="capacity-banner" sx={{ overflowWrap: "anywhere" }}>
      <AlertTitle sx={{ fontWeight: 700 }}>Calls held back: the server is at capacity</AlertTitle>
      Parley places only the calls this server can answer in real time, so no one who picks up waits for the agent. The
      waiting contacts are called as soon as a call ends. To carry more calls at once, add a worker or cores.
    </Alert>
  );
}
