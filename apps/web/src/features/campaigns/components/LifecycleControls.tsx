import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Pause from "@mui/icons-material/Pause";
import PlayArrow from "@mui/icons-material/PlayArrow";
import RocketLaunch from "@mui/icons-material/RocketLaunch";
import Stop from "@mui/icons-material/Stop";
import { lifecycleActions, type LifecycleAction } from "../logic/lifecycle-actions.ts";
import { StatusChip } from "./StatusChip.tsx";
import { can, type Action } from "@parley/shared/permissions";
import { useRole } from "../../../lib/useCurrentUser.ts";

const BUTTONS: Record<
  LifecycleAction,
  { label: string; icon: React.ReactNode; color: "primary" | "warning" | "success" | "error" }
> = {
  launch: { label: "Launch", icon: <RocketLaunch />, color: "primary" },
  pause: { label: "Pause", icon: <Pause />, color: "warning" },
  resume: { label: "Resume", icon: <PlayArrow />, color: "success" },
  stop: { label: "Stop", icon: <Stop />, color: "error" },
};

type Props = { status: string; busy: LifecycleAction | null; onAction(a: LifecycleAction): void };

// As the server's route table has them: a member may pause and resume; launch and stop change the campaign.
const NEEDS: Record<LifecycleAction, Action> = {
  launch: "campaigns.edit",
  pause: "campaigns.run",
  resume: "campaigns.run",
  stop: "campaigns.edit",
};

/** View mode: the status chip and the lifecycle buttons the status and the role allow. */
export function LifecycleControls({ status, busy, onAction }: Props) {
  const role = useRole();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }} data-testid="lifecycle-controls">
      <Typography variant="body2" color="text.secondary">
        Status
      </Typography>
      <StatusChip status={status} />
      {lifecycleActions(status)
        .filter((a) => can(role, NEEDS[a]))
        .map((a) => (
          <Button
            key={a}
            size="small"
            variant="outlined"
            color={BUTTONS[a].color}
            startIcon={BUTTONS[a].icon}
            disabled={busy !== null}
            onClick={() => onAction(a)}
          >
            {BUTTONS[a].label}
          </Button>
        ))}
    </Box>
  );
}
