import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { DncImportResult } from "@parley/shared/dnc";
import { importSummary } from "./dnc-labels.ts";

/** What an import did: the counts, then every rejected line with its value and why. */
export function ImportResultView({ result }: { result: DncImportResult }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }} data-testid="dnc-import-result">
      <Alert severity={result.rejected.length ? "warning" : "success"}>{importSummary(result)}</Alert>
      {result.rejected.length > 0 && (
        <Box sx={{ maxHeight: 260, overflow: "auto" }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Rejected lines
          </Typography>
          <Table size="small" aria-label="Rejected lines">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Value</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.rejected.map((r) => (
                <TableRow key={r.line}>
                  <TableCell>{r.line}</TableCell>
                  <TableCell
                    title={r.value}
                    sx={{
                      fontFamily: "monospace",
                      whiteSpace: "nowrap",
                      maxWidth: 160,
                      overflow: "hidden",
                      textOverflow: "ellipsis",
                    }}
                  >
                    {r.value || "(empty)"}
                  </TableCell>
                  <TableCell>{r.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
