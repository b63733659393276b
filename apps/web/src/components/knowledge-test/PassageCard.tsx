import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { KbAskPassage } from "@parley/shared/knowledge-base";
import { AnswerChecks } from "./AnswerChecks.tsx";

const SHORT = 320;

/** Where a passage comes from: document, heading, page. */
export function passageSource(p: KbAskPassage): string {
  return [p.document_name, p.heading.trim(), p.page !== null ? `page ${p.page}` : ""].filter(Boolean).join(" · ");
}

/** One passage the call would get, its source first; long text folds. */
export function PassageCard({ passage, rank }: { passage: KbAskPassage; rank: number }) {
  const [open, setOpen] = useState(false);
  const long = passage.text.length > SHORT;
  const text = open || !long ? passage.text : `${passage.text.slice(0, SHORT).replace(/\s+\S*$/, "")}…`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`Passage ${rank}: ${passageSource(passage)}`}
      sx={{ p: 2, borderRadius: 2, listStyle: "none", borderColor: passage.used ? "primary.main" : "divider" }}
    >
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, flexWrap: "wrap", mb: 1 }}>
        <Typography
          variant="subtitle2"
          component="h4"
          sx={{ fontWeight: 600, overflowWrap: "anywhere", flex: "1 1 200px" }}
        >
          {rank}. {passageSource(passage)}
        </Typography>
        {passage.used && <Chip size="small" color="primary" label="Answer taken from here" />}
        <Typography variant="caption" color="text.secondary">
          score {passage.score.toFixed(2)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {text}
      </Typography>
      {long && (
        <Button size="small" onClick={() => setOpen(!open)} sx={{ mt: 0.5, px: 0 }}>
          {open ? "Show less" : "Show all"}
        </Button>
      )}
      <AnswerChecks checks={passage.checks} label={`Why passage ${rank} did or did not answer`} />
    </Paper>
  );
}
