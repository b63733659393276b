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
import Typography from "@mui/material/Typography";
import Delete from "@mui/icons-material/Delete";
import type { DncEntry } from "@parley/shared/dnc";
import { formatPhone } from "../../lib/phone-format.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { formatAddedAt, sourceLabel } from "./dnc-labels.ts";

const SOURCE_COLORS = { call: "warning", manual: "primary", csv: "info" } as const;
// On phones the campaign, reason and date move under the number so the remove button stays in view.
const WIDE_ONLY = { display: { xs: "none", sm: "table-cell" } } as const;
// "Imported · Sam Rivera" is wider than a phone's source column: there the chip's label wraps instead.
const CHIP_WRAPS_ON_PHONES = {
  height: "auto",
  "& .MuiChip-label": { whiteSpace: { xs: "normal", sm: "nowrap" }, py: 0.25 },
} as const;

/** Number, how it got here and who added it, the campaign whose call added it, the reason and the date. */
/**
 * `onRemove` absent: the role may not change the list, so rows have no remove button. `country`: the
 * organisation's, whose numbers are written in national form (lib/phone-format.ts).
 */
export function DncTable(p: { rows: DncEntry[]; country: string | null; onRemove?(entry: DncEntry): void }) {
  const { rows, onRemove } = p;
  const zone = useViewerZone();
  return (
    <TableContainer sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Do-not-call numbers" sx={{ minWidth: { sm: 720 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Number</TableCell>
            <TableCell>Source</TableCell>
            <TableCell sx={WIDE_ONLY}>Campaign</TableCell>
            <TableCell sx={WIDE_ONLY}>Reason</TableCell>
            <TableCell sx={WIDE_ONLY}>Added</TableCell>
            {onRemove && <TableCell align="right">Action</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover data-testid="dnc-row">
              <TableCell>
                <Box sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>{formatPhone(r.phone, p.country)}</Box>
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: "block", sm: "none" } }}>
                  {[r.campaign_name, formatAddedAt(r.created_at, zone)].filter(Boolean).join(" · ")}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={SOURCE_COLORS[r.source]}
                  label={sourceLabel(r)}
                  sx={CHIP_WRAPS_ON_PHONES}
                />
              </TableCell>
              <TableCell sx={WIDE_ONLY}>{r.campaign_name ?? "—"}</TableCell>
              <TableCell sx={{ ...WIDE_ONLY, color: "text.secondary", maxWidth: 260 }}>{r.reason || "—"}</TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: "nowrap" }}>{formatAddedAt(r.created_at, zone)}</TableCell>
              {onRemove && (
                <TableCell align="right">
                  <Tooltip title="Remove from the list">
                    <IconButton
                      aria-label={`Remove ${formatPhone(r.phone, p.country)}`}
                      onClick={() => onRemove(r)}
                      size="small"
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
