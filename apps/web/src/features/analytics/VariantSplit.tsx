import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { FunnelVariant } from "@parley/shared/funnel";
import { variantSplitRows } from "./variant-split.ts";

/** One campaign's funnel split by its experiment's variants: the contacts first called with each, and how far. */
export function VariantSplit({ variants }: { variants: FunnelVariant[] }) {
  return (
    <Box component="section" aria-label="Funnel by variant">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        By experiment variant
      </Typography>
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label="Funnel stages per variant" sx={{ maxWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell>Stage</TableCell>
              {variants.map((v) => (
                <TableCell key={v.variant_id} align="right">
                  Variant {v.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {variantSplitRows(variants).map((r) => (
              <TableRow key={r.stage}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{r.stage}</TableCell>
                {r.cells.map((c, i) => (
                  <TableCell key={variants[i]!.variant_id} align="right" sx={{ whiteSpace: "nowrap" }}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="caption" color="text.secondary">
        Each variant counts the contacts called with it; a contact moved to the kept variant counts under both.
      </Typography>
    </Box>
  );
}
