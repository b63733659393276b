import Chip from "@mui/material/Chip";
import { campaignStatusColors, statusLabel } from "../logic/campaign-status.ts";

export function StatusChip({ status }: { status: string | null | undefined }) {
  const { bg, fg } = campaignStatusColors(status);
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      data-status={status ?? ""}
      sx={{ bgcolor: bg, color: fg, fontWeight: 600 }}
    />
  );
}
