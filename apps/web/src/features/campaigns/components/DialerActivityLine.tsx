import { useEffect, useState } from "react";
import Alert from "@mui/material/Alert";
import type { DialerActivity } from "@parley/shared/campaign-progress";
import { untilText } from "../../../lib/time-format.ts";

const SEVERITY: Partial<Record<DialerActivity["state"], "success" | "warning" | "error">> = {
  calling: "success",
  starting: "success",
  no_minutes: "error",
  no_window: "error",
  paused: "warning",
  at_limit: "warning",
  at_capacity: "warning",
};

/** The server's account of what the dialer is doing and why, with a countdown to the next call when it waits. */
export function DialerActivityLine({ activity }: { activity: DialerActivity }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!activity.next_at) return;
    const timer = setInterval(() => setNow(new Date()), 20_000);
    return () => clearInterval(timer);
  }, [activity.next_at]);
  const countdown =
    activity.next_at && new Date(activity.next_at) > now ? ` (${untilText(activity.next_at, now)})` : "";
  return (
    <Alert
      severity={SEVERITY[activity.state] ?? "info"}
      role="status"
      data-testid="dialer-activity"
      sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
    >
      {activity.message}
      {countdown}
    </Alert>
  );
}
