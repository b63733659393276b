import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { StatusChip } from "./StatusChip.tsx";
import { formatDmy } from "../../../lib/time-format.ts";
import { useViewerZone } from "../../../lib/useViewerZone.ts";
import { formatTimeGap } from "../logic/time-gap.ts";
import { RowActionIcons, type RowActionHandlers } from "./CampaignRowActions.tsx";
import type { CampaignRow } from "./campaign-row.ts";

const COLUMNS = [
  "Campaign Name",
  "Type",
  "Max Attempts",
  "Time Gap",
  "Start Date",
  "End Date",
  "Status",
  "Created At",
  "Action",
];

type Props = RowActionHandlers & { rows: CampaignRow[] };

/** Desktop: the spec's columns; a row opens its campaign, the Action cell pauses/resumes, duplicates or deletes. */
export function CampaignsTable({ rows, ...h }: Props) {
  // Lists are on the viewer's clock; "-" for no date (an immediate campaign's end).
  const zone = useViewerZone();
  const when = (iso: string | null) => formatDmy(iso, zone, { time: true, fallback: "-" });
  return (
    <TableContainer>
      <Table size="medium" sx={{ minWidth: 1000 }} aria-label="Campaigns">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.id}
              hover
              onClick={() => h.onOpen(r.id)}
              sx={{ cursor: "pointer" }}
              data-testid="campaign-row"
            >
              <TableCell sx={{ fontWeight: 600 }}>{r.name}</TableCell>
              <TableCell sx={{ textTransform: "capitalize" }}>{r.type}</TableCell>
              <TableCell>{r.maxAttempts ?? "-"}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatTimeGap(r.timeGapSeconds)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{when(r.startAt)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{when(r.endAt)}</TableCell>
              <TableCell>
                <StatusChip status={r.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                {when(r.createdAt)}
                {r.createdBy && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                    by {r.createdBy}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <RowActionIcons row={r} {...h} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
