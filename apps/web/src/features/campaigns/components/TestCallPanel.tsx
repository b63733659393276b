import { useEffect, useRef } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import CallEnd from "@mui/icons-material/CallEnd";
import Mic from "@mui/icons-material/Mic";
import Phone from "@mui/icons-material/Phone";
import type { TranscriptTurn } from "@parley/shared/calls";
import { useTestCall, type TestCallStatus } from "../hooks/useTestCall.ts";
import { FormSection } from "./FormSection.tsx";

const STATUS_LABEL: Record<TestCallStatus, string> = {
  idle: "Not started",
  connecting: "Connecting…",
  live: "Live",
  ended: "Call ended",
  failed: "Call failed",
};
const OUTCOME_LABEL: Record<string, string> = {
  interested: "Interested",
  not_interested: "Not interested",
  follow_up: "Follow up",
  scheduled: "Meeting requested",
  voicemail: "Voicemail",
  do_not_call: "Asked not to be called",
  failed: "Failed",
  no_answer: "No answer",
  busy: "Busy",
};

/**
 * "Test call": talk to this campaign's agent from the browser's microphone. It needs a saved campaign (the
 * agent runs on what is saved), so before the first save the button is disabled and says why.
 */
export function TestCallPanel({ campaignId }: { campaignId: string | null }) {
  const call = useTestCall(campaignId);
  const inCall = call.status === "connecting" || call.status === "live";
  const button = inCall ? (
    <Button
      variant="contained"
      color="error"
      startIcon={<CallEnd />}
      onClick={call.hangUp}
      disabled={call.status === "connecting"}
    >
      Hang up
    </Button>
  ) : (
    <Button variant="outlined" startIcon={<Phone />} onClick={() => void call.start()} disabled={!campaignId}>
      {call.status === "idle" ? "Test call" : "Call again"}
    </Button>
  );
  return (
    <FormSection
      title="Test Call"
      subtitle={
        "Talk to this campaign's agent with your microphone. It uses the campaign as last " +
        "saved; a test call books nothing and is not counted in the campaign's calls."
      }
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        {campaignId ? (
          button
        ) : (
          <Tooltip title="Save the campaign first" placement="right">
            <span>{button}</span>
          </Tooltip>
        )}
        {call.status !== "idle" && (
          <Chip
            size="small"
            label={call.agentSpeaking ? "Agent speaking" : STATUS_LABEL[call.status]}
            color={call.status === "live" ? "success" : call.status === "failed" ? "error" : "default"}
            variant={call.status === "live" ? "filled" : "outlined"}
          />
        )}
        {call.status === "live" && <MicMeter level={call.micLevel} />}
        {call.status === "ended" && call.outcome && (
          <Typography variant="body2" color="text.secondary">
            Outcome: {OUTCOME_LABEL[call.outcome] ?? call.outcome}
          </Typography>
        )}
      </Box>
      {!campaignId && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Save the campaign (Save as Draft) to test its agent.
        </Typography>
      )}
      {call.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {call.error}
        </Alert>
      )}
      {call.status !== "idle" && (
        <LiveTranscript turns={call.turns} waiting={call.status === "live" || call.status === "connecting"} />
      )}
    </FormSection>
  );
}

function MicMeter({ level }: { level: number }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 160, flex: "0 1 220px" }}>
      <Mic fontSize="small" color={level > 0.2 ? "primary" : "disabled"} />
      <LinearProgress
        variant="determinate"
        value={Math.round(level * 100)}
        aria-label="Microphone level"
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

function LiveTranscript({ turns, waiting }: { turns: TranscriptTurn[]; waiting: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // Follow the newest line inside the transcript box, without scrolling the page under the user.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new line is the trigger; the box is read by ref
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [turns.length]);
  return (
    <Box
      ref={box}
      role="log"
      aria-label="Live transcript"
      aria-live="polite"
      sx={{
        mt: 2,
        maxHeight: 320,
        overflowY: "auto",
        display: "flex",
        flexDirection: "column",
        gap: 1,
        bgcolor: "action.hover",
        borderRadius: 2,
        p: 1.5,
      }}
    >
      {turns.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {waiting ? "The agent will greet you in a moment…" : "Nothing was said."}
        </Typography>
      )}
      {turns.map((t, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
          key={i}
          data-speaker={t.speaker}
          sx={{
            alignSelf: t.speaker === "agent" ? "flex-start" : "flex-end",
            maxWidth: "85%",
            bgcolor: t.speaker === "agent" ? "background.paper" : "primary.main",
            color: t.speaker === "agent" ? "text.primary" : "primary.contrastText",
            borderRadius: 2,
            px: 1.5,
            py: 1,
            boxShadow: 1,
          }}
        >
          <Typography variant="caption" sx={{ fontWeight: 600, display: "block", opacity: 0.8 }}>
            {t.speaker === "agent" ? "Agent" : "You"} · {formatAt(t.startMs)}
          </Typography>
          <Typography variant="body2">
            {t.text}
            {t.interrupted ? " —" : ""}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const formatAt = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;
