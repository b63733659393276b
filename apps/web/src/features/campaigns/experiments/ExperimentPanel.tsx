import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import HelpOutline from "@mui/icons-material/HelpOutlineOutlined";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Experiment } from "@parley/shared/experiments";
import { messageOf } from "../../../lib/api-error.ts";
import { useCan } from "../../../lib/useCurrentUser.ts";
import { formatDateTime } from "../../../lib/time-format.ts";
import { useViewerZone } from "../../../lib/useViewerZone.ts";
import { columns, experimentHeadline, type Column } from "./experiment-table.ts";
import { getExperiment, keepWinner } from "./experiments-api.ts";

/** Wide screens: one row per variant. */
function ResultsTable({ e, cols }: { e: Experiment; cols: Column[] }) {
  return (
    <Box sx={{ display: { xs: "none", md: "block" }, overflowX: "auto" }}>
      <Table size="small" aria-label="Results per variant">
        <TableHead>
          <TableRow>
            <TableCell>Variant</TableCell>
            {cols.map((c) => (
              <TableCell key={c.key} align="right">
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {e.variants.map((v) => (
            <TableRow key={v.variant_id} data-variant={v.label}>
              <TableCell sx={{ maxWidth: 280 }}>
                <strong>{v.label}</strong>
                {e.winner === v.label && " (kept)"}
                <Typography variant="caption" color="text.secondary" component="div" noWrap title={v.opening_line}>
                  {v.opening_line}
                </Typography>
              </TableCell>
              {cols.map((c) => (
                <TableCell key={c.key} align="right" sx={{ whiteSpace: "nowrap" }}>
                  {c.cell(v)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Narrow screens: one card per variant, its figures as a list. */
function ResultCards({ e, cols }: { e: Experiment; cols: Column[] }) {
  return (
    <Box sx={{ display: { xs: "flex", md: "none" }, flexDirection: "column", gap: 1.5 }}>
      {e.variants.map((v) => (
        <Paper key={v.variant_id} variant="outlined" data-variant={v.label} sx={{ p: 1.5, borderRadius: 2 }}>
          <Typography variant="subtitle2">
            Variant {v.label}
            {e.winner === v.label && " (kept)"}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {v.opening_line}
          </Typography>
          <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: 0.5, m: 0 }}>
            {cols.map((c) => (
              <Box key={c.key} sx={{ display: "contents" }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {c.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: "right" }}>
                  {c.cell(v)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

function Findings({ e }: { e: Experiment }) {
  if (!e.findings.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        No comparison yet: at least two variants need dialled contacts.
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="What the experiment shows" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {e.findings.map((f) => (
        <Box component="li" key={f.metric} sx={{ display: "flex", gap: 1, alignItems: "flex-start", py: 0.5 }}>
          {f.significant ? (
            <CheckCircleOutline fontSize="small" color="success" />
          ) : (
            <HelpOutline fontSize="small" color="disabled" />
          )}
          <Typography variant="body2" sx={{ fontWeight: f.significant ? 600 : 400 }}>
            {f.sentence}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The campaign view's experiment: per variant how far its contacts got, what differs, and keeping the winner. */
export function ExperimentPanel({ campaignId }: { campaignId: string }) {
  const zone = useViewerZone();
  const canEdit = useCan("campaigns.edit");
  const qc = useQueryClient();
  const [choice, setChoice] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ["campaign-experiment", campaignId],
    queryFn: ({ signal }) => getExperiment(campaignId, signal),
  });
  const keep = useMutation({
    mutationFn: (label: string) => keepWinner(campaignId, label),
    onSuccess: (e) => {
      qc.setQueryData(["campaign-experiment", campaignId], e);
      setChoice(null);
    },
  });
  const e = q.data;
  if (q.isSuccess && e?.state === "none") return null;
  const cols = e ? columns(e) : [];
  return (
    <Paper
      component="section"
      aria-label="Experiment results"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        Experiment results
      </Typography>
      {q.isPending && <CircularProgress size={24} aria-label="Loading the experiment" />}
      {q.isError && <Alert severity="warning">{messageOf(q.error, "Failed to load the experiment.")}</Alert>}
      {e && (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {experimentHeadline(e, (iso) => formatDateTime(iso, zone))}
          </Typography>
          <ResultsTable e={e} cols={cols} />
          <ResultCards e={e} cols={cols} />
          {!e.qualified_counted && (
            <Typography variant="caption" color="text.secondary">
              Qualified is not shown: this campaign captures no qualifying answers yet, so there is nothing true to
              count.
            </Typography>
          )}
          <Findings e={e} />
          {e.state === "running" && canEdit && (
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
              <Typography variant="body2" sx={{ mr: 1 }}>
                Keep the winner:
              </Typography>
              {e.variants.map((v) => (
                <Button key={v.label} size="small" variant="outlined" onClick={() => setChoice(v.label)}>
                  Keep {v.label}
                </Button>
              ))}
            </Box>
          )}
          {keep.isError && <Alert severity="error">{messageOf(keep.error, "The winner was not kept.")}</Alert>}
        </Box>
      )}
      <Dialog open={choice !== null} onClose={() => setChoice(null)} aria-labelledby="keep-winner-title">
        <DialogTitle id="keep-winner-title">Keep variant {choice}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The experiment ends. Every contact a person has not answered yet moves to variant {choice}, and its next
            calls use that opening line, goal and voice. Calls already made keep their variant.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChoice(null)}>Cancel</Button>
          <Button variant="contained" disabled={keep.isPending} onClick={() => choice && keep.mutate(choice)}>
            Keep {choice}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
