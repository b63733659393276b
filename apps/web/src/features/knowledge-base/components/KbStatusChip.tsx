import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import Box from "@mui/material/Box";
import type { KbStatus } from "@parley/shared/knowledge-base";

const LOOK: Record<KbStatus, { label: string; color: "warning" | "success" | "error" }> = {
  processing: { label: "Processing", color: "warning" },
  ready: { label: "Ready", color: "success" },
  failed: { label: "Failed", color: "error" },
};

/** The indexing state of an item; a failure shows its reason under the chip. */
export function KbStatusChip({
  status,
  reason,
  passages,
}: {
  status: KbStatus;
  reason: string | null;
  passages: number;
}) {
  const look = LOOK[status];
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.5 }}>
      <Tooltip title={status === "ready" ? `${passages} passage${passages === 1 ? "" : "s"} indexed` : ""}>
        <Chip
          size="small"
          label={look.label}
          color={look.color}
          variant={status === "processing" ? "outlined" : "filled"}
        />
      </Tooltip>
      {status === "failed" && reason && (
        <Typography
          variant="caption"
          color="error.light"
          sx={{ maxWidth: { xs: 150, sm: 260 }, overflowWrap: "anywhere" }}
        >
          {reason}
        </Typography>
      )}
    </Box>
  );
}
