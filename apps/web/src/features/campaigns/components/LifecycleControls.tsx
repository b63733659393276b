import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Pause from "@mui/icons-material/Pause";
import PlayArrow from "@mui/icons-material/PlayArrow";
import RocketLaunch from "@mui/icons-material/RocketLaunch";
import Stop from "@mui/icons-material/Stop";
import { lifecycleActions, type LifecycleAction } from "../logic/lifecycle-actions.ts";
import { StatusChip } from "./StatusChip.tsx";

const BUTTONS: Record<LifecycleAction, { label: string; icon: React.ReactNode; color: "primary" | "warning" | "success" | "error" }> = {
  launch: { label: "Launch", icon: <RocketLaunch />, color: "primary" },
  pause: { label: "Pause", icon: <Pause />, color: "warning" },
  resume: { label: "Resume", icon: <PlayArrow />, color: "success" },
  stop: { label: "Stop", icon: <Stop />, color: "error" },
};

type Props = { status: string; busy: LifecycleAction | null; onAction(a: LifecycleAction): void };

/** View mode: the status chip and the lifecycle buttons the status allows. */
export function LifecycleControls({ status, busy, onAction }: Props) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }} data-testid="lifecycle-controls">
      <Typography variant="body2" color="text.secondary">
        Status
      </Typography>
      <StatusChip status={status} />
      {lifecycleActions(status).map((a) => (
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
