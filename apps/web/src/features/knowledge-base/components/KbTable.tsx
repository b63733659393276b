import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import Delete from "@mui/icons-material/Delete";
import type { KbDocument } from "@parley/shared/knowledge-base";
import { KbStatusChip } from "./KbStatusChip.tsx";
import { whoLine } from "../kb-who.ts";

/** `onDelete` absent: the role may not change the knowledge base, so rows have no delete button. */
type Props = { rows: KbDocument[]; loading: boolean; emptyText: string; onDelete?(row: KbDocument): void };

const COLUMNS = ["ID", "Name", "Type", "Description", "Status", "Action"];
// On phones ID, Type and Description move under the name, so Status and Delete stay in view without scrolling.
const WIDE_ONLY_COLUMNS = new Set(["ID", "Type", "Description"]);
const WIDE_ONLY = { display: { xs: "none", sm: "table-cell" } } as const;
const PHONE_ONLY = { display: { xs: "block", sm: "none" } } as const;

export function KbTable({ rows, loading, emptyText, onDelete }: Props) {
  const columns = onDelete ? COLUMNS : COLUMNS.filter((c) => c !== "Action");
  if (loading) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 2, py: 8 }}>
        <CircularProgress size={24} />
        <Typography>Loading knowledge base...</Typography>
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table sx={{ minWidth: { sm: 760 } }} aria-label="Knowledge base items">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 700, ...(WIDE_ONLY_COLUMNS.has(c) ? WIDE_ONLY : {}) }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 6, color: "text.secondary" }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell title={row.id} sx={{ fontFamily: "monospace", ...WIDE_ONLY }}>
                  {row.id.slice(0, 8)}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                    {row.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                    {[row.type, row.description].filter(Boolean).join(" · ")}
                  </Typography>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: "block", wordBreak: "break-all" }}
                  >
                    {row.source === "url" ? row.url : row.file_name}
                  </Typography>
                  {(row.added_by_name || row.updated_by_name) && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                      {whoLine(row)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{row.type}</TableCell>
                <TableCell sx={WIDE_ONLY}>{row.description || "No description available"}</TableCell>
                <TableCell>
                  <KbStatusChip status={row.status} reason={row.status_reason} passages={row.passage_count} />
                </TableCell>
                {onDelete && (
                  <TableCell sx={{ px: { xs: 0.5, sm: 2 } }}>
                    <IconButton aria-label={`Delete ${row.name}`} color="error" onClick={() => onDelete(row)}>
                      <Delete />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
