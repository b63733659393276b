import { useEffect, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { LiveCallRow } from "@parley/shared/analytics";
import { usePhoneFormat } from "../../lib/useViewerZone.ts";
import { elapsed } from "./analytics-api.ts";
import { useLiveCalls } from "./useLiveCalls.ts";

/** Re-renders once a second so the durations tick between server updates. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

function LiveCallCard({ call, now }: { call: LiveCallRow; now: number }) {
  const talking = call.status === "in_progress" && call.answered_at;
  const phone = usePhoneFormat();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: "flex", flexDirection: "column", gap: 0.5, minWidth: 0 }}
      role="listitem"
      aria-label={`Call with ${call.contact_name}`}
    >
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "center" }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {call.contact_name || "Unknown"}
        </Typography>
        <Chip
          size="small"
          color={talking ? "success" : "warning"}
          label={talking ? `Talking ${elapsed(call.answered_at!, now)}` : `Ringing ${elapsed(call.started_at, now)}`}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap>
        {phone(call.phone)} · {call.campaign_name || "No campaign"}
      </Typography>
      {call.last_lines.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic" }}>
          Nobody has spoken yet.
        </Typography>
      )}
      {call.last_lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
        <Typography key={i} variant="body2" sx={{ overflowWrap: "anywhere" }}>
          <Box
            component="span"
            sx={{ color: l.speaker === "agent" ? "primary.light" : "secondary.main", fontWeight: 600 }}
          >
            {l.speaker === "agent" ? "Agent" : "Callee"}:
          </Box>{" "}
          {l.text}
        </Typography>
      ))}
    </Paper>
  );
}

/** Calls on the line now across the organisation, updated as they happen. */
export function LiveCallsPanel() {
  const { calls, error } = useLiveCalls();
  const now = useNow();
  return (
    <Paper
      component="section"
      aria-label="Live calls"
      sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1.5 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Box
          sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: calls?.length ? "success.main" : "text.disabled" }}
        />
        <Typography variant="h6" component="h2">
          Live calls
        </Typography>
        {calls && (
          <Typography variant="body2" color="text.secondary">
            ({calls.length} in progress)
          </Typography>
        )}
      </Box>
      {error && <Alert severity="warning">{error}</Alert>}
      {!calls && !error && <CircularProgress size={24} aria-label="Connecting to live calls" />}
      {calls && calls.length === 0 && <Typography color="text.secondary">No calls in progress right now.</Typography>}
      {calls && calls.length > 0 && (
        <Box
          role="list"
          sx={{
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "1fr", md: "repeat(2, 1fr)", lg: "repeat(3, 1fr)" },
          }}
        >
          {calls.map((c) => (
            <LiveCallCard key={c.call_id} call={c} now={now} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
