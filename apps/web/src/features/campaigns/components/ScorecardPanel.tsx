import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { SCORECARD_LABELS, type CampaignScorecard, type ScorecardCheckId } from "@parley/shared/scorecard";
import { session } from "../../../lib/session.ts";
import { formatDateTime } from "../../../lib/time-format.ts";
import { useViewerZone } from "../../../lib/useViewerZone.ts";
import { getCampaignScorecard } from "../api/scorecard-api.ts";
import { failedCallLink, rateRows } from "../logic/scorecard-rates.ts";

/** Each check's pass rate; choosing one narrows the failed calls to it. */
function Rates({
  card,
  chosen,
  onChoose,
}: {
  card: CampaignScorecard;
  chosen: ScorecardCheckId | null;
  onChoose(c: ScorecardCheckId | null): void;
}) {
  return (
    <Box component="ul" aria-label="Pass rate of each check" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {rateRows(card.checks).map((r) => (
        <Box
          component="li"
          key={r.check}
          data-check={r.check}
          sx={{ display: "grid", gridTemplateColumns: { xs: "1fr auto", sm: "16rem 1fr 11rem" }, gap: 1, py: 0.75 }}
        >
          <Link
            component="button"
            type="button"
            underline={r.failed ? "hover" : "none"}
            disabled={!r.failed}
            color={chosen === r.check ? "secondary" : r.failed ? "primary" : "text.primary"}
            onClick={() => onChoose(chosen === r.check ? null : r.check)}
            sx={{
              textAlign: "left",
              fontWeight: chosen === r.check ? 700 : 400,
              cursor: r.failed ? "pointer" : "default",
            }}
          >
            {r.label}
          </Link>
          <LinearProgress
            variant="determinate"
            value={r.percent ?? 0}
            color={r.percent === null ? "inherit" : r.percent >= 80 ? "success" : "error"}
            aria-label={`${r.label}: ${r.rate}`}
            sx={{ alignSelf: "center", height: 8, borderRadius: 4, gridColumn: { xs: "1 / -1", sm: "auto" } }}
          />
          <Typography
            variant="body2"
            sx={{ whiteSpace: "nowrap", gridRow: { xs: 1, sm: "auto" }, gridColumn: { xs: 2, sm: "auto" } }}
          >
            <strong>{r.rate}</strong>{" "}
            <Typography component="span" variant="caption" color="text.secondary">
              {r.counts}
            </Typography>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function FailedCalls({ card, chosen }: { card: CampaignScorecard; chosen: ScorecardCheckId | null }) {
  const viewerZone = useViewerZone();
  const what = chosen ? `failed "${SCORECARD_LABELS[chosen]}"` : "failed a check";
  if (!card.failed_calls.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No call {what}.
      </Typography>
    );
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {card.failed_total} {card.failed_total === 1 ? "call" : "calls"} {what}
        {card.failed_total > card.failed_calls.length ? ` (the newest ${card.failed_calls.length})` : ""}
      </Typography>
      <Box component="ul" data-testid="failed-calls" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {card.failed_calls.map((c) => (
          <Box component="li" key={c.call_id} sx={{ py: 1, borderTop: 1, borderColor: "divider" }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {c.lead_name || c.lead_phone}{" "}
              <Typography component="span" variant="caption" color="text.secondary">
                {formatDateTime(c.started_at, viewerZone)}
              </Typography>
            </Typography>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.75, mt: 0.5 }}>
              {c.failed.map((f) => (
                <Chip
                  key={f.check}
                  size="small"
                  color="error"
                  variant="outlined"
                  clickable
                  component={RouterLink}
                  to={failedCallLink(session.orgSlug(), c.call_id, f.line?.at_ms ?? null)}
                  label={SCORECARD_LABELS[f.check]}
                  title={f.note}
                />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const overLine = (n: number) =>
  `Over ${n} ended ${n === 1 ? "call" : "calls"}. Choose a check to list the calls that failed it.`;

/** The campaign's scorecard: how often each check passed over its calls, and the calls that failed one. */
export function ScorecardPanel({ campaignId }: { campaignId: string }) {
  const [chosen, setChosen] = useState<ScorecardCheckId | null>(null);
  const card = useQuery({
    queryKey: ["campaign-scorecard", campaignId, chosen],
    // The answer keeps the check it was asked for: while the next one loads, the list still says what it shows.
    queryFn: async ({ signal }) => ({ ...(await getCampaignScorecard(campaignId, chosen, signal)), chosen }),
    placeholderData: (previous) => previous,
  });
  return (
    <Paper component="section" aria-label="Scorecard" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        Scorecard
      </Typography>
      {card.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {card.data.calls ? overLine(card.data.calls) : "No call of this campaign has ended yet."}
        </Typography>
      )}
      {card.isPending && <CircularProgress size={24} aria-label="Loading scorecard" />}
      {card.isError && <Alert severity="warning">Failed to load the scorecard. Please try again.</Alert>}
      {card.data && card.data.calls > 0 && (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <Rates card={card.data} chosen={chosen} onChoose={setChosen} />
          <FailedCalls card={card.data} chosen={card.data.chosen} />
        </Box>
      )}
    </Paper>
  );
}
