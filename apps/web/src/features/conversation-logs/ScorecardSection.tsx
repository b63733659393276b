import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import type { CallScorecard } from "@parley/shared/scorecard";
import { atClock, RESULT_COLOUR, RESULT_LABEL, scorecardRows, scorecardTally } from "./scorecard-display.ts";

/**
 * The call's scorecard: each check, its verdict and why, and the line that decided it. A failed check with a
 * recording plays the recording from that moment (`onPlayAt`, null without a recording).
 */
export function ScorecardSection({
  card,
  onPlayAt,
}: {
  card: CallScorecard | null;
  onPlayAt: ((ms: number) => void) | null;
}) {
  if (!card)
    return (
      <Typography variant="body2" color="text.secondary">
        The scorecard is computed once the call has ended.
      </Typography>
    );
  return (
    <Box data-testid="call-scorecard">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {scorecardTally(card.checks)}
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 1 }}>
        {scorecardRows(card.checks).map((r) => (
          <Box
            component="li"
            key={r.check}
            data-check={r.check}
            data-result={r.result}
            sx={{ display: "flex", gap: 1 }}
          >
            <Chip
              size="small"
              label={RESULT_LABEL[r.result]}
              color={RESULT_COLOUR[r.result]}
              variant={r.result === "na" ? "outlined" : "filled"}
              sx={{ minWidth: 48, mt: 0.25 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.label}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                {r.note}
                {r.where ? ` (${r.where})` : ""}
              </Typography>
              {r.result === "fail" && r.atMs !== null && onPlayAt && (
                <Button size="small" sx={{ px: 0.5, minWidth: 0 }} onClick={() => onPlayAt(r.atMs!)}>
                  Play from {atClock(r.atMs)}
                </Button>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
