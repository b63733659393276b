import Chip from "@mui/material/Chip";
import { statusColour, statusLabel, type ChipColour } from "./call-log-display.ts";

const CHIP: Record<ChipColour, "success" | "info" | "warning" | "error" | "default"> = {
  green: "success",
  blue: "info",
  orange: "warning",
  red: "error",
  grey: "default",
};

/** The status as a coloured chip (spec section 4's colours). */
export function CallStatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      color={CHIP[statusColour(status)]}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
