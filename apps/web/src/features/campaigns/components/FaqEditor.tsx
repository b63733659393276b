import { useRef } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import type { FaqFormValue } from "../logic/campaign-form.ts";

type Props = { value: FaqFormValue; onChange(next: FaqFormValue): void; readOnly: boolean; variables: string[] };

/** Opening line, the call's goal and question/answer pairs; read-only in view mode. */
export function FaqEditor({ value, onChange, readOnly, variables }: Props) {
  const opening = useRef<HTMLTextAreaElement>(null);
  // A chip writes its variable where the caret is in the opening line (at the end when it has no focus).
  const insert = (name: string) => {
    const el = opening.current;
    const at = el && document.activeElement === el ? el.selectionStart : value.opening_line.length;
    onChange({ ...value, opening_line: `${value.opening_line.slice(0, at)}{${name}}${value.opening_line.slice(at)}` });
  };
  const setPair = (i: number, key: "question" | "answer", text: string) =>
    onChange({ ...value, pairs: value.pairs.map((p, j) => (j === i ? { ...p, [key]: text } : p)) });
  const ro = { htmlInput: { readOnly } };
  return (
    <Stack spacing={2}>
      <TextField
        label="Opening line"
        placeholder="Hi {name}, this is Ava from Acme Realty. Do you have a minute?"
        value={value.opening_line}
        onChange={(e) => onChange({ ...value, opening_line: e.target.value })}
        multiline
        minRows={2}
        inputRef={opening}
        helperText={
          "The agent's first words, in your own: it adds the AI disclosure (and the recording " +
          "notice) to them once. {Variables} are filled from each contact's columns; write " +
          "{company|your team} for what to say when a contact has none."
        }
        slotProps={ro}
      />
      {!readOnly && (
        <Box
          sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", mt: -1 }}
          aria-label="Contact variables"
        >
          <Typography variant="caption" color="text.secondary">
            Insert a variable:
          </Typography>
          {variables.map((v) => (
            <Chip key={v} size="small" variant="outlined" label={`{${v}}`} onClick={() => insert(v)} />
          ))}
        </Box>
      )}
      <TextField
        label="Goal of the call"
        placeholder="Book a property viewing"
        value={value.goal}
        onChange={(e) => onChange({ ...value, goal: e.target.value })}
        slotProps={ro}
      />
      {value.pairs.length === 0 && readOnly && (
        <Typography variant="body2" color="text.secondary">
          No questions and answers.
        </Typography>
      )}
      {value.pairs.map((pair, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
          key={i}
          sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexDirection: { xs: "column", sm: "row" } }}
        >
          <TextField
            label={`Question ${i + 1}`}
            value={pair.question}
            onChange={(e) => setPair(i, "question", e.target.value)}
            sx={{ flex: 1, width: "100%" }}
            slotProps={ro}
          />
          <TextField
            label={`Answer ${i + 1}`}
            value={pair.answer}
            onChange={(e) => setPair(i, "answer", e.target.value)}
            multiline
            sx={{ flex: 1.5, width: "100%" }}
            slotProps={ro}
          />
          {!readOnly && (
            <IconButton
              aria-label={`Remove question ${i + 1}`}
              onClick={() => onChange({ ...value, pairs: value.pairs.filter((_, j) => j !== i) })}
            >
              <DeleteOutline />
            </IconButton>
          )}
        </Box>
      ))}
      {!readOnly && (
        <Box>
          <Button
            startIcon={<Add />}
            variant="outlined"
            onClick={() => onChange({ ...value, pairs: [...value.pairs, { question: "", answer: "" }] })}
          >
            Add question
          </Button>
        </Box>
      )}
    </Stack>
  );
}
