import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import PlayArrow from "@mui/icons-material/PlayArrow";
import Stop from "@mui/icons-material/Stop";
import type { ListVariableGaps } from "@parley/shared/campaigns";
import { emptyVariableWarnings } from "@parley/shared/template-variables";
import { errorMessage } from "../api/error-message.ts";
import { useGreetingAudio, useGreetingPreview } from "../hooks/useGreetingPreview.ts";
import type { GreetingDraftState } from "../logic/greeting-draft.ts";
import { FormSection } from "./FormSection.tsx";

type Props = {
  /** What to preview: the form's opening line (debounced) for the list's first contact, or why not yet. */
  state: GreetingDraftState;
  /** Changes on every save (a new list may have a new first contact). */
  version: string;
  /** The voice chosen on the form. */
  voiceId: string;
  /** What the agent says from the form (opening line, goal, answers): where an empty variable is heard. */
  spokenTexts: string[];
  /** The chosen file's contacts, as checked; else the saved list's, from the preview. */
  checkedList: ListVariableGaps | null;
};

/**
 * The exact first words the list's first contact will hear, as the opening line is typed, and a button that plays them.
 */
export function GreetingPreviewPanel({ state, version, voiceId, spokenTexts, checkedList }: Props) {
  const draft = state.kind === "ready" ? state.draft : null;
  const preview = useGreetingPreview(draft, version);
  const list = checkedList ?? preview.data?.list ?? null;
  const gaps = list ? emptyVariableWarnings(spokenTexts, list.empty_variables, list.contact_count) : [];
  const audio = useGreetingAudio();
  const playing = audio.state === "playing";
  const loading = state.kind === "checking" || (draft !== null && preview.isPending);
  return (
    <FormSection
      title="Greeting Preview"
      subtitle="The first words your first contact will hear, as you write the opening line."
    >
      {/* Always in the page: the Play button gives it its source. */}
      {/* biome-ignore lint/a11y/useMediaCaption: the panel shows the words this audio says */}
      <audio ref={audio.audioRef} data-testid="greeting-audio" onEnded={audio.onEnded} hidden />
      {state.kind === "blocked" && (
        <Typography variant="body2" color="text.secondary" data-testid="greeting-preview-empty">
          {state.message}
        </Typography>
      )}
      {loading && <CircularProgress size={24} aria-label="Loading the greeting preview" />}
      {draft && preview.isError && (
        <Alert severity="info">{errorMessage(preview.error, "The greeting preview could not be loaded.")}</Alert>
      )}
      {draft && preview.data && !preview.isError && (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            What {preview.data.contact_name || "your first contact"} will hear:
          </Typography>
          <Box
            component="blockquote"
            data-testid="greeting-preview-text"
            sx={{ m: 0, pl: 2, borderLeft: 3, borderColor: "primary.main", overflowWrap: "anywhere" }}
          >
            <Typography>{preview.data.text}</Typography>
          </Box>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
            <Button
              variant="outlined"
              startIcon={playing ? <Stop /> : <PlayArrow />}
              disabled={audio.state === "loading"}
              onClick={() => (playing ? audio.stop() : void audio.play(draft, voiceId))}
            >
              {audio.state === "loading" ? "Preparing…" : playing ? "Stop" : "Play greeting"}
            </Button>
          </Box>
          {audio.error && <Alert severity="error">{audio.error}</Alert>}
        </Box>
      )}
      {gaps.map((gap) => (
        <Alert key={gap} severity="warning" data-testid="empty-variable-warning" sx={{ mt: 1.5 }}>
          {gap}
        </Alert>
      ))}
    </FormSection>
  );
}
