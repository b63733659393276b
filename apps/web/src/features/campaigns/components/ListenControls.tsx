import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useListenIn } from "../hooks/useListenIn.ts";

/** Listen / Take over / Hand back for one live call (owners and admins; the row shows it only to them). */
export function ListenControls({ callId, who }: { callId: string; who: string }) {
  const l = useListenIn(callId);
  const on = l.status === "listening" || l.status === "connecting";
  const line =
    l.status === "connecting"
      ? "Connecting…"
      : l.status === "ended"
        ? "The call has ended."
        : l.you
          ? `You are on the call with ${who}. The agent is muted.`
          : l.heldBy
            ? `${l.heldBy} has taken over the call.`
            : l.hearing
              ? "Listening: you hear both sides."
              : "Listening…";
  return (
    <Box sx={{ mt: 1, display: "flex", flexDirection: "column", gap: 1 }}>
      {on || l.status === "ended" ? (
        <Typography variant="body2" role="status" aria-live="polite">
          {line}
        </Typography>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        {!on && l.status !== "ended" && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => void l.start()}
            aria-label={`Listen to the call with ${who}`}
          >
            Listen
          </Button>
        )}
        {l.status === "listening" && !l.you && !l.heldBy && (
          <Button size="small" variant="contained" color="warning" onClick={() => void l.takeOver()}>
            Take over
          </Button>
        )}
        {l.you && (
          <Button size="small" variant="contained" onClick={l.handBack}>
            Hand back
          </Button>
        )}
        {on && (
          <Button size="small" onClick={l.stop}>
            Stop listening
          </Button>
        )}
      </Box>
      {l.error && <Alert severity="error">{l.error}</Alert>}
    </Box>
  );
}
