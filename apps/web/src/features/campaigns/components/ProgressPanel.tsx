import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { CampaignProgress, ProgressLiveCall } from "@parley/shared/campaign-progress";
import { useCampaignProgress } from "../hooks/useCampaignProgress.ts";
import { useCan } from "../../../lib/useCurrentUser.ts";
import { ListenControls } from "./ListenControls.tsx";
import { CapacityBanner } from "./CapacityBanner.tsx";
import { DialerActivityLine } from "./DialerActivityLine.tsx";
import { formatClock } from "../../../lib/time-format.ts";
import { contactsStateKey } from "../logic/contacts-refresh.ts";
import { usePhoneFormat, useViewerZone } from "../../../lib/useViewerZone.ts";

/** Outcome chips, in this order, with their colours (spec §3 chip colours: green, blue, red, grey). */
const OUTCOMES: Array<[string, string, "success" | "info" | "error" | "default"]> = [
  ["interested", "Interested", "success"],
  ["scheduled", "Scheduled", "info"],
  ["follow_up", "Follow up", "info"],
  ["transferred", "Transferred", "success"],
  ["completed", "Completed", "success"],
  ["not_interested", "Not interested", "error"],
  ["do_not_call", "Do not call", "error"],
  ["voicemail", "Voicemail", "default"],
  ["no_answer", "No answer", "default"],
  ["busy", "Busy", "default"],
  ["failed", "Failed", "default"],
  ["dropped", "Dropped", "default"],
  ["cancelled", "Cancelled", "default"],
];

function Counts({ p }: { p: CampaignProgress }) {
  const outcomes = OUTCOMES.filter(([key]) => (p.by_outcome[key] ?? 0) > 0);
  return (
    <Box data-testid="progress-counts" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
      <Chip label={`Contacts: ${p.contacts}`} variant="outlined" />
      <Chip label={`Pending: ${p.pending}`} variant="outlined" />
      <Chip label={`In progress: ${p.in_progress}`} color="warning" variant={p.in_progress ? "filled" : "outlined"} />
      <Chip label={`Done: ${p.done}`} variant="outlined" />
      {outcomes.map(([key, label, color]) => (
        <Chip key={key} label={`${label}: ${p.by_outcome[key]}`} color={color} />
      ))}
    </Box>
  );
}

function LiveCall({ call }: { call: ProgressLiveCall }) {
  const canListen = useCan("calls.monitor");
  const viewerZone = useViewerZone();
  const number = usePhoneFormat()(call.phone);
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: "divider", listStyle: "none" }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "baseline" }}>
        <Typography sx={{ fontWeight: 600 }}>{call.contact_name || number}</Typography>
        <Typography variant="body2" color="text.secondary">
          {number} · since {formatClock(call.started_at, viewerZone)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic", overflowWrap: "anywhere" }}>
        {call.last_line
          ? `${call.last_line.speaker === "agent" ? "Agent" : "Contact"}: ${call.last_line.text}`
          : call.status === "in_progress"
            ? "Answered: the agent is speaking…"
            : "Ringing…"}
      </Typography>
      {canListen && <ListenControls callId={call.call_id} who={call.contact_name || number} />}
    </Box>
  );
}

/** The campaign's live counts and the calls on the line now, fed by the progress stream. */
export function ProgressPanel({
  campaignId,
  onStatus,
}: {
  campaignId: string;
  onStatus(status: CampaignProgress["status"]): void;
}) {
  const { progress, error } = useCampaignProgress(campaignId, true);
  const status = progress?.status;
  useEffect(() => {
    if (status) onStatus(status);
  }, [status, onStatus]);
  // The contacts table below reads each contact's state once: it is fetched again whenever the stream says it moved.
  const client = useQueryClient();
  const contactsKey = progress ? contactsStateKey(progress) : null;
  useEffect(() => {
    if (contactsKey) void client.invalidateQueries({ queryKey: ["campaigns", "contacts", campaignId] });
  }, [contactsKey, campaignId, client]);

  return (
    <Paper component="section" aria-label="Progress" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        Progress
      </Typography>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!progress && !error && <CircularProgress size={24} aria-label="Loading progress" />}
      {progress && (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <CapacityBanner activity={progress.activity} />
          <DialerActivityLine activity={progress.activity} />
          <Counts p={progress} />
          <Box>
            <Typography variant="subtitle2">Live calls</Typography>
            {progress.live_calls.length ? (
              <Box component="ul" data-testid="live-calls" sx={{ m: 0, p: 0 }}>
                {progress.live_calls.map((c) => (
                  <LiveCall key={c.call_id} call={c} />
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                No calls on the line right now.
              </Typography>
            )}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
