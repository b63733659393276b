import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import Mic from "@mui/icons-material/MicNoneOutlined";
import Stop from "@mui/icons-material/StopRounded";
import type { SpokenQuestion } from "./useSpokenQuestion.ts";

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/** The microphone button beside the question: starts recording, and while recording is the stop control. */
export function MicToggle({
  state,
  disabled,
  onStart,
  onStop,
}: {
  state: SpokenQuestion;
  disabled: boolean;
  onStart(): void;
  onStop(): void;
}) {
  if (state.step === "transcribing" || state.step === "starting") {
    return (
      <IconButton
        aria-label={state.step === "starting" ? "Opening the microphone" : "Working out what you said"}
        disabled
        edge="end"
      >
        <CircularProgress size={20} />
      </IconButton>
    );
  }
  const recording = state.step === "recording";
  const label = recording ? "Stop recording" : "Say the question";
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          aria-pressed={recording}
          onClick={recording ? onStop : onStart}
          disabled={disabled && !recording}
          edge="end"
          color={recording ? "error" : "primary"}
          sx={
            recording
              ? { bgcolor: "error.main", color: "common.white", "&:hover": { bgcolor: "error.dark" } }
              : undefined
          }
        >
          {recording ? <Stop /> : <Mic />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** What the microphone is doing, or why it could not: read out by screen readers as it changes. */
export function SpokenQuestionStatus({ state }: { state: SpokenQuestion }) {
  return (
    <Box role="status" aria-live="polite" sx={{ "&:empty": { display: "none" }, mt: 1.5 }}>
      {state.step === "recording" && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
          <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: "error.main", flex: "none" }} />
          <Typography variant="body2" sx={{ flex: "1 1 220px" }}>
            Recording {clock(state.seconds)} — say your question, then press the stop button.
          </Typography>
          <LinearProgress
            aria-label="Microphone level"
            variant="determinate"
            value={Math.round(state.level * 100)}
            sx={{ flex: "0 1 140px", height: 6, borderRadius: 3 }}
          />
        </Box>
      )}
      {state.step === "transcribing" && (
        <Typography variant="body2" color="text.secondary">
          Working out what you said…
        </Typography>
      )}
      {state.step === "nothing-heard" && (
        <Alert severity="info">Nothing was heard — try again or type the question.</Alert>
      )}
      {state.step === "failed" && <Alert severity={state.mic ? "warning" : "error"}>{state.message}</Alert>}
    </Box>
  );
}
