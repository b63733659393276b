import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import PlayArrow from "@mui/icons-material/PlayArrow";
import Stop from "@mui/icons-material/Stop";
import { errorMessage } from "../api/error-message.ts";
import { useGreetingAudio, useGreetingPreview } from "../hooks/useGreetingPreview.ts";
import { FormSection } from "./FormSection.tsx";

type Props = {
  /** The saved campaign (null before the first save: the preview is built from what is saved). */
  campaignId: string | null;
  /** Changes on every save, so the preview follows the saved opening line and list. */
  version: string;
  /** The voice chosen on the form. */
  voiceId: string;
};

/** The exact first words the list's first contact will hear, and a button that plays them in the chosen voice. */
export function GreetingPreviewPanel({ campaignId, version, voiceId }: Props) {
  const preview = useGreetingPreview(campaignId, version);
  const audio = useGreetingAudio(campaignId);
  const playing = audio.state === "playing";
  return (
    <FormSection title="Greeting Preview" subtitle="The first words your first contact will hear, as the campaign is saved.">
      {/* Always in the page: the Play button gives it its source. */}
      <audio ref={audio.audioRef} data-testid="greeting-audio" onEnded={audio.onEnded} hidden />
      {!campaignId && (
        <Typography variant="body2" color="text.secondary">
          Save the campaign (Save as Draft) with a contact list to preview its greeting.
        </Typography>
      )}
      {campaignId && preview.isPending && <CircularProgress size={24} aria-label="Loading the greeting preview" />}
      {campaignId && preview.isError && (
        <Alert severity="info">{errorMessage(preview.error, "The greeting preview could not be loaded.")}</Alert>
      )}
      {preview.data && (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            What {preview.data.contact_name || "your first contact"} will hear:
          </Typography>
          <Box component="blockquote" data-testid="greeting-preview-text" sx={{ m: 0, pl: 2, borderLeft: 3, borderColor: "primary.main", overflowWrap: "anywhere" }}>
            <Typography>{preview.data.text}</Typography>
          </Box>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
            <Button
              variant="outlined"
              startIcon={playing ? <Stop /> : <PlayArrow />}
              disabled={audio.state === "loading"}
              onClick={() => (playing ? audio.stop() : void audio.play(voiceId))}
            >
              {audio.state === "loading" ? "Preparing…" : playing ? "Stop" : "Play greeting"}
            </Button>
          </Box>
          {audio.error && <Alert severity="error">{audio.error}</Alert>}
        </Box>
      )}
    </FormSection>
  );
}
