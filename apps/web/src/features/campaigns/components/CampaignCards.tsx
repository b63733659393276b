import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { StatusChip } from "./StatusChip.tsx";
import { RowActionMenu, type RowActionHandlers } from "./CampaignRowActions.tsx";
import type { CampaignRow } from "./campaign-row.ts";
import { formatDmy } from "../../../lib/time-format.ts";
import { useViewerZone } from "../../../lib/useViewerZone.ts";
import { formatTimeGap } from "../logic/time-gap.ts";

/** Phones: one card per campaign (name, status, follow-up, dates) with its actions behind a menu. */
export function CampaignCards({ rows, ...h }: RowActionHandlers & { rows: CampaignRow[] }) {
  const zone = useViewerZone();
  const when = (iso: string | null) => formatDmy(iso, zone, { time: true, fallback: "-" });
  return (
    <Box component="ul" aria-label="Campaigns" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {rows.map((r) => (
        <Box
          component="li"
          key={r.id}
          data-testid="campaign-row"
          tabIndex={0}
          onClick={() => h.onOpen(r.id)}
          onKeyDown={(e) => e.key === "Enter" && e.target === e.currentTarget && h.onOpen(r.id)}
          sx={{
            display: "flex",
            alignItems: "flex-start",
            gap: 1,
            px: 2,
            py: 1.5,
            cursor: "pointer",
            borderBottom: 1,
            borderColor: "divider",
            "&:hover": { bgcolor: "action.hover" },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{r.name}</Typography>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
              <StatusChip status={r.status} />
              <Typography variant="body2" color="text.secondary" sx={{ textTransform: "capitalize" }}>
                {r.type}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {r.maxAttempts ?? "-"} attempts · {formatTimeGap(r.timeGapSeconds)} apart
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary">
              {r.startAt ? `Starts ${when(r.startAt)} · ` : ""}Created {when(r.createdAt)}
              {r.createdBy ? ` by ${r.createdBy}` : ""}
            </Typography>
          </Box>
          <RowActionMenu row={r} {...h} />
        </Box>
      ))}
    </Box>
  );
}
