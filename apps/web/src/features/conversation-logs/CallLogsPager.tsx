import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import Typography from "@mui/material/Typography";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { CALL_LOG_PAGE_SIZES } from "@parley/shared/call-history";
import { pageCount, pagerWindow, rangeText } from "./pager-window.ts";

type Props = { page: number; pageSize: number; total: number; capped: boolean; onPageChange(page: number): void; onPageSizeChange(size: number): void };

/** Rows per page 5/10/25/50, 'a-b of N', previous/next arrows and up to 5 page buttons in a sliding window. */
export function CallLogsPager({ page, pageSize, total, capped, onPageChange, onPageSizeChange }: Props) {
  const pages = pageCount(total, pageSize);
  return (
    <Box component="nav" aria-label="Pagination" sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", flexWrap: "wrap", gap: 1.5, px: 2, py: 1.5 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="body2" color="text.secondary" id="call-logs-rows-label">Rows per page:</Typography>
        <Select size="small" variant="standard" value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))} inputProps={{ "aria-labelledby": "call-logs-rows-label" }}>
          {CALL_LOG_PAGE_SIZES.map((n) => <MenuItem key={n} value={n}>{n}</MenuItem>)}
        </Select>
      </Box>
      <Typography variant="body2" data-testid="pager-range">{rangeText(page, pageSize, total, capped)}</Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <IconButton size="small" aria-label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft />
        </IconButton>
        {pagerWindow(page, pages).map((p) => (
          <Button key={p} size="small" variant={p === page ? "contained" : "text"} aria-current={p === page ? "page" : undefined} aria-label={`Page ${p}`} onClick={() => onPageChange(p)} sx={{ minWidth: 36, px: 1 }}>
            {p}
          </Button>
        ))}
        <IconButton size="small" aria-label="Next page" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}
