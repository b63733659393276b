import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Pause from "@mui/icons-material/Pause";
import PlayArrow from "@mui/icons-material/PlayArrow";
import Stop from "@mui/icons-material/Stop";
import Visibility from "@mui/icons-material/Visibility";
import { statusColour, statusLabel, type CallLogRow, type ChipColour } from "./call-log-display.ts";

const CHIP: Record<ChipColour, "success" | "info" | "warning" | "error" | "default"> = {
  green: "success", blue: "info", orange: "warning", red: "error", grey: "default",
};

const COLUMNS = ["Name", "Phone", "Email", "Services/Product", "Budget", "Date & Time", "Lead Date & Time", "Status", "Actions"];

type Props = {
  rows: CallLogRow[];
  playingId: string | null;
  pausedId: string | null;
  onView(row: CallLogRow): void;
  onPlay(row: CallLogRow): void;
  onPause(): void;
  onStop(): void;
};

export function CallLogsTable({ rows, playingId, pausedId, onView, onPlay, onPause, onStop }: Props) {
  return (
    <TableContainer sx={{ maxHeight: "70vh" }}>
      <Table stickyHeader size="small" sx={{ minWidth: 1200 }} aria-label="Voice call logs">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover data-testid="call-log-row">
              <TableCell>{r.name}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{r.phone}</TableCell>
              <TableCell>{r.email}</TableCell>
              <TableCell>{r.servicesProduct}</TableCell>
              <TableCell>{r.budget}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{r.dateTime}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{r.leadDateTime}</TableCell>
              <TableCell>
                <Chip size="small" label={statusLabel(r.status)} color={CHIP[statusColour(r.status)]} data-status={r.status} sx={{ fontWeight: 600 }} />
              </TableCell>
              <TableCell>
                <RowActions row={r} playing={playingId === r.id} paused={pausedId === r.id} onView={onView} onPlay={onPlay} onPause={onPause} onStop={onStop} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type ActionProps = Pick<Props, "onView" | "onPlay" | "onPause" | "onStop"> & { row: CallLogRow; playing: boolean; paused: boolean };

function RowActions({ row, playing, paused, onView, onPlay, onPause, onStop }: ActionProps) {
  return (
    <Box sx={{ display: "flex", gap: 0.5 }}>
      <Tooltip title="View Details">
        <IconButton size="small" aria-label={`View Details for ${row.name}`} onClick={() => onView(row)}>
          <Visibility fontSize="small" />
        </IconButton>
      </Tooltip>
      {row.audioUrl && (
        <Tooltip title={playing ? "Pause Audio" : "Play Audio"}>
          <IconButton size="small" color="primary" aria-label={`${playing ? "Pause" : "Play"} Audio for ${row.name}`} onClick={() => (playing ? onPause() : onPlay(row))}>
            {playing ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      {(playing || paused) && (
        <Tooltip title="Stop Audio">
          <IconButton size="small" color="error" aria-label={`Stop Audio for ${row.name}`} onClick={onStop}>
            <Stop fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
