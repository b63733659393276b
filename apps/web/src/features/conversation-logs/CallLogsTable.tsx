import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { CallLogActions, type CallLogHandlers } from "./CallLogActions.tsx";
import { CallStatusChip } from "./CallStatusChip.tsx";
import { usePhoneFormat } from "../../lib/useViewerZone.ts";
import { MISSING, type CallLogRow } from "./call-log-display.ts";
import { answerOf } from "./qualifying-display.ts";

/** Every answer of the row, for a hover over its Qualified cell. */
const answersTitle = (r: CallLogRow) =>
  r.qualifying.answers.map((a) => `${a.name}: ${a.display}`).join("\n") || undefined;

const COLUMNS = [
  "Name",
  "Phone",
  "Email",
  "Campaign",
  "Services/Product",
  "Budget",
  "Date & Time",
  "Duration",
  "Lead Date & Time",
  "Status",
  "Qualified",
  "Actions",
];

type Props = CallLogHandlers & {
  rows: CallLogRow[];
  playingId: string | null;
  pausedId: string | null;
  /** A qualifying field the list is filtered on: its answers get a column of their own. */
  field?: { key: string; name: string } | null;
};

/** A date-time as two short lines (date, then time), so the two time columns stay narrow. */
function When({ value, title }: { value: string; title?: string }) {
  const [date, time] = value.split(" ");
  return (
    <Box title={title} sx={{ whiteSpace: "nowrap" }}>
      {date}
      {time && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
          {time}
        </Typography>
      )}
    </Box>
  );
}

/** An address may break after its "@" (and only inside a word when even a part is wider than the column). */
function Email({ value }: { value: string }) {
  const at = value.indexOf("@");
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

// Eleven columns fit the content area at 1440 px (about 1,150 px next to the menu): tight padding, long text wraps
// between words, and a single word wider than its column breaks only as a last resort.
const CELL = { px: 1, py: 0.75, verticalAlign: "top" } as const;
const WRAP = { ...CELL, overflowWrap: "break-word", wordBreak: "break-word" } as const;

/** The wide layout: one row per call; a click on the row (or View Details) opens the call. */
export function CallLogsTable({ rows, playingId, pausedId, onView, onPlay, onPause, onStop, field }: Props) {
  const phone = usePhoneFormat();
  const columns = field ? [...COLUMNS.slice(0, -1), field.name, "Actions"] : COLUMNS;
  return (
    <TableContainer sx={{ maxHeight: "70vh", overflowX: "auto" }} data-testid="call-logs-table">
      <Table stickyHeader size="small" aria-label="Voice call logs">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} sx={{ ...CELL, fontWeight: 700, lineHeight: 1.3 }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover data-testid="call-log-row" onClick={() => onView(r)} sx={{ cursor: "pointer" }}>
              <TableCell sx={{ ...WRAP, minWidth: 90 }}>{r.name}</TableCell>
              <TableCell sx={{ ...CELL, whiteSpace: "nowrap" }}>{phone(r.phone)}</TableCell>
              <TableCell sx={{ ...WRAP, minWidth: 90 }}>
                <Email value={r.email} />
              </TableCell>
              <TableCell sx={WRAP}>{r.campaign}</TableCell>
              <TableCell sx={WRAP}>{r.servicesProduct}</TableCell>
              <TableCell sx={{ ...CELL, whiteSpace: "nowrap" }}>{r.budget}</TableCell>
              <TableCell sx={CELL}>
                <When
                  value={r.dateTime}
                  title={
                    r.campaignDateTime
                      ? `Started ${r.dateTime}; ${r.campaignDateTime} on the campaign's clock`
                      : undefined
                  }
                />
              </TableCell>
              <TableCell sx={{ ...CELL, whiteSpace: "nowrap" }}>{r.duration}</TableCell>
              <TableCell sx={CELL}>
                <When value={r.leadDateTime} />
              </TableCell>
              <TableCell sx={CELL}>
                <CallStatusChip status={r.status} />
              </TableCell>
              <TableCell sx={{ ...CELL, whiteSpace: "nowrap" }} title={answersTitle(r)}>
                {r.qualifying.label === null ? MISSING : r.qualifying.qualified ? "Yes" : "No"}
              </TableCell>
              {field && <TableCell sx={{ ...CELL, minWidth: 90 }}>{answerOf(r.qualifying, field.key)}</TableCell>}
              <TableCell sx={CELL}>
                <CallLogActions
                  row={r}
                  playing={playingId === r.id}
                  paused={pausedId === r.id}
                  onView={onView}
                  onPlay={onPlay}
                  onPause={onPause}
                  onStop={onStop}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
