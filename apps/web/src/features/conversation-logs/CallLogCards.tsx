import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import { CallLogActions, type CallLogHandlers } from "./CallLogActions.tsx";
import { CallStatusChip } from "./CallStatusChip.tsx";
import { usePhoneFormat } from "../../lib/useViewerZone.ts";
import type { CallLogRow } from "./call-log-display.ts";

type Props = CallLogHandlers & { rows: CallLogRow[]; playingId: string | null; pausedId: string | null };

/** The phone layout: one card per call with what matters at a glance; a tap (or View Details) opens the call. */
export function CallLogCards({ rows, playingId, pausedId, onView, onPlay, onPause, onStop }: Props) {
  const phone = usePhoneFormat();
  return (
    <Box
      component="ul"
      aria-label="Voice call logs"
      sx={{ listStyle: "none", m: 0, p: 1, display: "flex", flexDirection: "column", gap: 1 }}
    >
      {rows.map((r) => (
        <Card
          component="li"
          key={r.id}
          variant="outlined"
          data-testid="call-log-card"
          onClick={() => onView(r)}
          sx={{ p: 1.5, cursor: "pointer" }}
        >
          <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }} data-testid="card-name">
                {r.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="card-phone">
                {phone(r.phone)}
              </Typography>
            </Box>
            <CallStatusChip status={r.status} />
          </Box>
          <Typography variant="body2" sx={{ mt: 0.75, overflowWrap: "anywhere" }} data-testid="card-campaign">
            {r.campaign}
          </Typography>
          {r.qualifying.label && (
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="card-qualifying"
              sx={{ overflowWrap: "anywhere" }}
            >
              {[
                r.qualifying.label,
                ...r.qualifying.answers.filter((a) => a.answered).map((a) => `${a.name}: ${a.display}`),
              ].join(" · ")}
            </Typography>
          )}
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary" data-testid="card-when" title={r.timezone}>
              {r.dateTime} · {r.duration}
            </Typography>
            <CallLogActions
              row={r}
              playing={playingId === r.id}
              paused={pausedId === r.id}
              onView={onView}
              onPlay={onPlay}
              onPause={onPause}
              onStop={onStop}
            />
          </Box>
        </Card>
      ))}
    </Box>
  );
}
