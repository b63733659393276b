import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import type { CsvPreview } from "../logic/csv-preview.ts";

export const PERSONA_HELP =
  "persona: how the simulated carrier's callee answers (interested, not_interested, callback, " +
  "question, dnc, voicemail, no_answer, busy, failed). This server dials no real phones.";

/** The chosen file at a glance, before saving: its rows, its columns and the variables each gives. */
export function CsvPreviewPanel({ preview, simulatedCarrier }: { preview: CsvPreview; simulatedCarrier: boolean }) {
  const persona = simulatedCarrier && preview.columns.some((c) => c.persona);
  return (
    <Box
      data-testid="csv-preview"
      sx={{ display: "flex", flexDirection: "column", gap: 1, p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {preview.rows} {preview.rows === 1 ? "row" : "rows"} found · {preview.columns.length}{" "}
        {preview.columns.length === 1 ? "column" : "columns"}
      </Typography>
      {preview.rows === 0 && <Alert severity="warning">The file has no rows under its header.</Alert>}
      <Box
        component="ul"
        aria-label="CSV columns"
        sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 0.75 }}
      >
        {preview.columns.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
          <Box component="li" key={`${i}-${c.header}`} sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
            <Typography
              variant="body2"
              sx={{ width: { xs: 88, sm: 120 }, flexShrink: 0, overflowWrap: "anywhere", pt: 0.25 }}
            >
              {c.header}
            </Typography>
            <Typography variant="body2" color="text.secondary" aria-hidden sx={{ pt: 0.25 }}>
              →
            </Typography>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, minWidth: 0 }}>
              {c.variables.map((v) => (
                <Chip key={v} size="small" variant="outlined" label={`{${v}}`} />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Each column becomes a variable for the opening line and answers. Below, each row as the import reads it: rows
        without a usable phone number are listed with their line and reason.
      </Typography>
      {persona && (
        <Typography variant="caption" color="text.secondary" data-testid="persona-help">
          {PERSONA_HELP}
        </Typography>
      )}
    </Box>
  );
}
