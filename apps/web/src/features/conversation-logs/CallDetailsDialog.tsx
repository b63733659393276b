import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { useQuery } from "@tanstack/react-query";
import { type RefObject, useRef } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { CallDetail } from "@parley/shared/call-history";
import { session } from "../../lib/session.ts";
import { useCan } from "../../lib/useCurrentUser.ts";
import { getCallDetail } from "./call-logs-api.ts";
import { crmSyncLine } from "./crm-sync-line.ts";
import { ScorecardSection } from "./ScorecardSection.tsx";
import { QualifyingAnswers } from "./QualifyingAnswersSection.tsx";
import { usePhoneFormat, useViewerZone } from "../../lib/useViewerZone.ts";
import {
  bookedMeetingLine,
  extractedValue,
  inSpokenOrder,
  interventionLines,
  interventionsTitle,
  replyLatencies,
  statusLabel,
  type CallLogRow,
} from "./call-log-display.ts";

type Detail = CallDetail["call"];

/** ms since answer as m:ss. */
const clock = (ms: number) => `${Math.floor(ms / 60000)}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, "0")}`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mt: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Transcript({ turns }: { turns: Detail["transcript"] }) {
  if (!turns.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No transcript for this call.
      </Typography>
    );
  return (
    <Box
      component="ol"
      sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 0.75 }}
      aria-label="Transcript"
    >
      {inSpokenOrder(turns).map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a finished call's transcript never changes
        <Box component="li" key={i} sx={{ display: "flex", gap: 1 }}>
          <Typography variant="caption" color="text.secondary" sx={{ minWidth: 36, pt: 0.25 }}>
            {clock(t.startMs)}
          </Typography>
          <Typography variant="body2">
            <strong>{t.speaker === "agent" ? "Agent" : "Lead"}:</strong> {t.text}
            {t.interrupted ? (
              <Typography component="span" variant="caption" color="text.secondary">
                {" "}
                (interrupted)
              </Typography>
            ) : null}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Latency({ marks }: { marks: Detail["latency"] }) {
  const replies = replyLatencies(marks);
  if (!replies.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No latency marks recorded.
      </Typography>
    );
  return <Typography variant="body2">{replies.map((r) => `Turn ${r.turn}: ${r.ms} ms`).join(" · ")}</Typography>;
}

/**
 * Who was called, from which campaign, when, for how long and how it ended: known from the row at once.
 * A call placed by hand (or a browser test call) also says who placed it.
 */
function Facts({ row, outcome }: { row: CallLogRow; outcome: string | null }) {
  const phone = usePhoneFormat();
  const facts: Array<[string, string]> = [
    ["Name", row.name],
    ["Number", phone(row.phone)],
    ["Campaign", row.campaign],
    [
      "Started",
      row.campaignDateTime ? `${row.dateTime}; ${row.campaignDateTime} on the campaign's clock` : row.dateTime,
    ],
    ["Duration", row.duration],
    ["Outcome", outcome === null ? "…" : statusLabel(outcome)],
    ...(row.placedBy ? [["Placed by", row.placedBy] as [string, string]] : []),
  ];
  return (
    <Box
      component="dl"
      data-testid="call-facts"
      sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map(([k, v]) => (
        <Box key={k} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }} data-fact={k}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Recording({
  url,
  pending,
  audio,
  startAtMs,
}: {
  url: string | null;
  pending: boolean;
  audio: RefObject<HTMLAudioElement | null>;
  startAtMs?: number;
}) {
  if (pending)
    return (
      <Typography variant="body2" color="text.secondary">
        Recording pending: it is being saved and will play here once stored.
      </Typography>
    );
  if (!url)
    return (
      <Typography variant="body2" color="text.secondary">
        No recording for this call.
      </Typography>
    );
  return (
    <Box
      component="audio"
      ref={audio}
      controls
      preload="metadata"
      src={startAtMs ? `${url}#t=${startAtMs / 1000}` : url}
      aria-label="Call recording"
      sx={{ width: "100%" }}
    />
  );
}

/** Whether the call's results reached the CRM its contact came from (nothing for a contact not from a CRM). */
function CrmSync({ sync }: { sync: Detail["crm_sync"] }) {
  const line = crmSyncLine(sync, useViewerZone());
  // Members cannot open Settings → Integrations: they see the state, an admin mends it.
  const canMend = useCan("integrations.manage");
  if (!line) return null;
  return (
    <Section title="CRM">
      <Alert
        severity={line.tone}
        variant="outlined"
        data-testid="crm-sync"
        sx={{ py: 0, "& .MuiAlert-message": { overflowWrap: "anywhere" } }}
      >
        {line.text}
        {line.reconnect && canMend && (
          <>
            {" "}
            <Link component={RouterLink} to={`/org/${session.orgSlug()}/settings/integrations`}>
              Open Settings → Integrations
            </Link>
          </>
        )}
      </Alert>
    </Section>
  );
}

function DetailBody({ d }: { d: Detail }) {
  const viewerZone = useViewerZone();
  const fields = Object.entries(d.extracted);
  return (
    <>
      {d.sentiment && (
        <Section title="Sentiment">
          <Typography variant="body2">{d.sentiment}</Typography>
        </Section>
      )}
      {d.meeting && (
        <Section title="Booked meeting">
          <Typography variant="body2" data-testid="booked-meeting">
            {bookedMeetingLine(d.meeting, viewerZone)}
          </Typography>
        </Section>
      )}
      {fields.length > 0 && (
        <Section title="Extracted fields">
          {fields.map(([k, v]) => (
            <Typography key={k} variant="body2">
              <strong>{statusLabel(k)}:</strong> {extractedValue(v, viewerZone)}
            </Typography>
          ))}
        </Section>
      )}
      {d.outcome_fields && (
        <Section title="Qualifying answers">
          <QualifyingAnswers fields={d.outcome_fields} />
        </Section>
      )}
      {d.interventions.length > 0 && (
        <Section title={interventionsTitle(d.interventions)}>
          {interventionLines(d.interventions, viewerZone).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
            <Typography key={i} variant="body2">
              {line}
            </Typography>
          ))}
        </Section>
      )}
      <Section title="Response latency">
        <Latency marks={d.latency} />
      </Section>
    </>
  );
}

/** Plays the recording from `ms` after the answer (the recording starts at the answer). */
function playAt(audio: HTMLAudioElement | null, ms: number): void {
  if (!audio) return;
  audio.currentTime = ms / 1000;
  audio.scrollIntoView?.({ block: "nearest" });
  void audio.play().catch(() => {});
}

/**
 * One call: its facts, the recording, the summary, the scorecard and the transcript, then what the agent noted.
 * `startAtMs` (a failed check opened from the campaign view) sets the recording at that moment.
 */
export function CallDetailsDialog({
  row,
  onClose,
  startAtMs,
}: {
  row: CallLogRow | null;
  onClose(): void;
  startAtMs?: number;
}) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const detail = useQuery({
    queryKey: ["call-history", "detail", row?.id],
    queryFn: ({ signal }) => getCallDetail(row!.id, signal),
    enabled: row !== null,
  });
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const d = detail.data?.call;
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="sm" scroll="paper" fullScreen={phone}>
      <DialogTitle>Conversation Summary</DialogTitle>
      <DialogContent dividers>
        {row && <Facts row={row} outcome={d ? (d.outcome ?? d.status) : detail.isError ? row.status : null} />}
        <Section title="Recording">
          <Recording
            url={row?.audioUrl ?? null}
            pending={row?.recordingPending ?? false}
            audio={audio}
            startAtMs={startAtMs}
          />
        </Section>
        <Section title="Summary">
          <Typography variant="body2" data-testid="call-summary">
            {row?.summary?.trim() ? row.summary : "No summary available for this call."}
          </Typography>
        </Section>
        {detail.isPending && (
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", mt: 2 }}>
            <CircularProgress size={16} />
            <Typography variant="body2">Loading details...</Typography>
          </Box>
        )}
        {detail.isError && (
          <Typography color="error" sx={{ mt: 2 }}>
            Failed to load the call's details. Please try again.
          </Typography>
        )}
        {d && <CrmSync sync={d.crm_sync} />}
        {d && (
          <Section title="Scorecard">
            <ScorecardSection card={d.scorecard} onPlayAt={row?.audioUrl ? (ms) => playAt(audio.current, ms) : null} />
          </Section>
        )}
        {d && (
          <Section title="Transcript">
            <Transcript turns={d.transcript} />
          </Section>
        )}
        {d && <DetailBody d={d} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
