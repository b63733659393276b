import type { MouseEvent } from "react";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Pause from "@mui/icons-material/Pause";
import PlayArrow from "@mui/icons-material/PlayArrow";
import Stop from "@mui/icons-material/Stop";
import Visibility from "@mui/icons-material/Visibility";
import type { CallLogRow } from "./call-log-display.ts";

export type CallLogHandlers = {
  onView(row: CallLogRow): void;
  onPlay(row: CallLogRow): void;
  onPause(): void;
  onStop(): void;
};

type Props = CallLogHandlers & { row: CallLogRow; playing: boolean; paused: boolean };

/**
 * View Details, Play/Pause (only with a recording) and Stop while a
 * clip is playing or paused; shared by rows and cards.
 */
export function CallLogActions({ row, playing, paused, onView, onPlay, onPause, onStop }: Props) {
  // The row and the card open the details when clicked: their buttons do only their own job.
  const only = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  // Tooltips follow the pointer only: focus returns to "View Details" when the call's dialog closes, and a tooltip
  // opened by that focus stayed over the next row. The buttons' labels still name them to a screen reader.
  const tip = { disableFocusListener: true, disableInteractive: true } as const;
  return (
    <Box sx={{ display: "flex", gap: 0.25, flexWrap: "nowrap" }}>
      <Tooltip title="View Details" {...tip}>
        <IconButton size="small" aria-label={`View Details for ${row.name}`} onClick={only(() => onView(row))}>
          <Visibility fontSize="small" />
        </IconButton>
      </Tooltip>
      {row.audioUrl && (
        <Tooltip title={playing ? "Pause Audio" : "Play Audio"} {...tip}>
          <IconButton
            size="small"
            color="primary"
            aria-label={`${playing ? "Pause" : "Play"} Audio for ${row.name}`}
            onClick={only(() => (playing ? onPause() : onPlay(row)))}
          >
            {playing ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      {(playing || paused) && (
        <Tooltip title="Stop Audio" {...tip}>
          <IconButton size="small" color="error" aria-label={`Stop Audio for ${row.name}`} onClick={only(onStop)}>
            <Stop fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
