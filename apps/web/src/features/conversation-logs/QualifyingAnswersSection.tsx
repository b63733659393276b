import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import type { CallOutcomeFields } from "@parley/shared/outcome-fields";
import { qualifyingView } from "./qualifying-display.ts";

/** The call's qualifying answers: each field's value (or "Not answered") with the callee's words it came from. */
export function QualifyingAnswers({ fields }: { fields: CallOutcomeFields }) {
  const v = qualifyingView(fields);
  return (
    <Box data-testid="qualifying-answers">
      {v.label && (
        <Chip
          size="small"
          label={v.label}
          color={v.qualified ? "success" : "default"}
          variant={v.qualified ? "filled" : "outlined"}
          sx={{ mb: 1 }}
        />
      )}
      {v.answers.map((a) => (
        <Box key={a.key} sx={{ mb: 0.75 }}>
          <Typography variant="body2">
            <strong>{a.name}:</strong>{" "}
            <Box component="span" sx={{ color: a.answered ? "text.primary" : "text.secondary" }}>
              {a.display}
            </Box>
          </Typography>
          {a.utterance && (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block", fontStyle: "italic" }}>
              “{a.utterance}”
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
