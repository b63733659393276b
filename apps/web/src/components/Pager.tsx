import { useId } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import Typography from "@mui/material/Typography";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { PAGE_SIZE_CHOICES, pageCountFor, pagerWindow, rangeText } from "../lib/pager-window.ts";

type Props = {
  page: number; // 1-based
  pageSize: number;
  total: number;
  /** The server stopped counting at `total`: the range says "of total+". */
  capped?: boolean;
  pageSizes?: readonly number[];
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
};

/**
 * Rows per page, 'a-b of total', previous/next arrows and up to 5 page
 * buttons in a sliding window (Campaigns, Call logs).
 */
export function Pager({
  page,
  pageSize,
  total,
  capped = false,
  pageSizes = PAGE_SIZE_CHOICES,
  onPageChange,
  onPageSizeChange,
}: Props) {
  const pageCount = pageCountFor(total, pageSize);
  const labelId = useId();
  return (
    <Box
      component="nav"
      aria-label="Pagination"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "flex-end",
        flexWrap: "wrap",
        gap: 1.5,
        px: 2,
        py: 1.5,
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="body2" color="text.secondary" id={labelId}>
          Rows per page:
        </Typography>
        <Select
          size="small"
          variant="standard"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
          inputProps={{ "aria-labelledby": labelId }}
        >
          {pageSizes.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </Select>
      </Box>
      <Typography variant="body2" data-testid="pager-range">
        {rangeText(page, pageSize, total, capped)}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <IconButton size="small" aria-label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft />
        </IconButton>
        {pagerWindow(page, pageCount).map((p) => (
          <Button
            key={p}
            size="small"
            variant={p === page ? "contained" : "text"}
            aria-current={p === page ? "page" : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onPageChange(p)}
            sx={{ minWidth: 36, px: 1 }}
          >
            {p}
          </Button>
        ))}
        <IconButton
          size="small"
          aria-label="Next page"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}
