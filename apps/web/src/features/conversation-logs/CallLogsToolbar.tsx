import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import FileDownload from "@mui/icons-material/FileDownload";
import Search from "@mui/icons-material/Search";
import { countLine } from "./call-log-display.ts";

export type CallDirection = "INBOUND" | "OUTBOUND";
type Props = {
  count: { total: number; capped: boolean } | null;
  search: string;
  onSearch(s: string): void;
  exporting: boolean;
  onExport(): void;
  direction: CallDirection;
  onDirection(d: CallDirection): void;
};

/** Count line, direction toggle (calls the agent answered or placed), export and the search box. */
export function CallLogsToolbar({ count, search, onSearch, exporting, onExport, direction, onDirection }: Props) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 2 }}>
      <Typography variant="h6" component="p" data-testid="call-count" sx={{ fontWeight: 600, minWidth: 90 }}>
        {count === null ? "\u00a0" : countLine(count.total, count.capped)}
      </Typography>
      <ToggleButtonGroup
        value={direction}
        exclusive
        size="small"
        aria-label="Call direction"
        onChange={(_, d: CallDirection | null) => d && onDirection(d)}
      >
        <ToggleButton value="INBOUND">In Bound</ToggleButton>
        <ToggleButton value="OUTBOUND">Out Bound</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ flexGrow: 1 }} />
      <Button variant="contained" startIcon={<FileDownload />} onClick={onExport} disabled={exporting}>
        {exporting ? "Exporting..." : "Export Call Logs"}
      </Button>
      <TextField
        size="small"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        placeholder="Search call logs..."
        sx={{ width: { xs: "100%", sm: 280 } }}
        slotProps={{
          htmlInput: { "aria-label": "Search call logs", maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
