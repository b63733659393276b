import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import {
  MAX_OUTCOME_FIELDS,
  OUTCOME_FIELD_TYPE_LABELS,
  OUTCOME_FIELD_TYPES,
  type OutcomeFieldType,
} from "@parley/shared/outcome-fields";
import { FormSection } from "../components/FormSection.tsx";
import { emptyRow, type FieldRow, optionsOf } from "./field-rows.ts";
import type { OutcomeFieldsState } from "./useOutcomeFields.ts";

type Props = { state: OutcomeFieldsState; readOnly: boolean };

/** What qualifies a contact on this field, by its type: a yes or a no, bounds, some of its options. */
function RuleInput({ row, set, readOnly }: { row: FieldRow; set(p: Partial<FieldRow>): void; readOnly: boolean }) {
  if (row.type === "yes_no")
    return (
      <TextField
        select
        size="small"
        label="Qualifies when"
        value={row.qualifyYes}
        onChange={(e) => set({ qualifyYes: e.target.value as FieldRow["qualifyYes"] })}
        disabled={readOnly}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">Any answer</MenuItem>
        <MenuItem value="yes">The answer is yes</MenuItem>
        <MenuItem value="no">The answer is no</MenuItem>
      </TextField>
    );
  if (row.type === "number" || row.type === "amount")
    return (
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary">
          Qualifies from
        </Typography>
        <TextField
          size="small"
          label="At least"
          value={row.min}
          onChange={(e) => set({ min: e.target.value })}
          slotProps={{ htmlInput: { inputMode: "decimal", readOnly } }}
          sx={{ width: 120 }}
        />
        <TextField
          size="small"
          label="At most"
          value={row.max}
          onChange={(e) => set({ max: e.target.value })}
          slotProps={{ htmlInput: { inputMode: "decimal", readOnly } }}
          sx={{ width: 120 }}
        />
      </Box>
    );
  if (row.type === "choice")
    return (
      <TextField
        select
        size="small"
        label="Qualifies when one of"
        value={row.oneOf}
        onChange={(e) => set({ oneOf: e.target.value as unknown as string[] })}
        disabled={readOnly || optionsOf(row).length === 0}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (v) => (v as string[]).join(", ") || "Any option",
          },
          inputLabel: { shrink: true },
        }}
        sx={{ minWidth: 220 }}
      >
        {optionsOf(row).map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <Typography variant="body2" color="text.secondary">
      Any answer qualifies.
    </Typography>
  );
}

/**
 * Campaign setup's qualifying questions: each a name, a type and the question the agent asks once the callee
 * agrees to talk; the answers fill the call's fields (docs/outcome-fields.md).
 */
export function OutcomeFieldsSection({ state, readOnly }: Props) {
  const { rows, setRows, problems } = state;
  const set = (i: number, p: Partial<FieldRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    setRows(next);
  };
  return (
    <FormSection
      title="Qualifying Questions"
      subtitle={
        "What the agent asks once the callee agrees to talk, in this order (it skips what they already said). " +
        "Each answer is kept with the words it came from, or as not answered."
      }
    >
      <Stack spacing={2} data-testid="outcome-fields">
        {state.loading && <Typography color="text.secondary">Loading questions...</Typography>}
        {!state.loading && rows.length === 0 && (
          <Typography color="text.secondary">
            No qualifying questions: the agent goes straight to the goal of the call.
          </Typography>
        )}
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list (controlled inputs, no state)
          <Paper key={i} variant="outlined" sx={{ p: 2, borderRadius: 2 }} aria-label={`Question ${i + 1}`}>
            <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", md: "1fr 200px auto" } }}>
              <TextField
                size="small"
                label="Field name"
                placeholder="Budget per month"
                value={row.name}
                onChange={(e) => set(i, { name: e.target.value })}
                slotProps={{ htmlInput: { readOnly, maxLength: 60 } }}
              />
              <TextField
                select
                size="small"
                label="Type"
                value={row.type}
                disabled={readOnly}
                onChange={(e) => set(i, { type: e.target.value as OutcomeFieldType })}
              >
                {OUTCOME_FIELD_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {OUTCOME_FIELD_TYPE_LABELS[t]}
                  </MenuItem>
                ))}
              </TextField>
              {!readOnly && (
                <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
                  <IconButton aria-label={`Move question ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Move question ${i + 1} down`}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove question ${i + 1}`}
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Box>
              )}
            </Box>
            <TextField
              fullWidth
              size="small"
              label="Question the agent asks"
              sx={{ mt: 1.5 }}
              placeholder="Roughly what do you spend a month on marketing?"
              value={row.question}
              onChange={(e) => set(i, { question: e.target.value })}
              slotProps={{ htmlInput: { readOnly, maxLength: 300 } }}
            />
            {row.type === "choice" && (
              <TextField
                fullWidth
                size="small"
                label="Options, separated by commas"
                sx={{ mt: 1.5 }}
                placeholder="Salesforce, HubSpot, None"
                value={row.options}
                onChange={(e) => set(i, { options: e.target.value })}
                slotProps={{ htmlInput: { readOnly } }}
              />
            )}
            <Box sx={{ mt: 1.5 }}>
              <RuleInput row={row} set={(p) => set(i, p)} readOnly={readOnly} />
            </Box>
            <TextField
              size="small"
              label="HubSpot property (optional)"
              placeholder="budget_per_month"
              sx={{ mt: 1.5, width: { xs: "100%", sm: 320 } }}
              value={row.crmProperty}
              onChange={(e) => set(i, { crmProperty: e.target.value })}
              helperText="Written to this contact property (its internal name) for contacts imported from HubSpot."
              slotProps={{ htmlInput: { readOnly, maxLength: 100, spellCheck: false } }}
            />
            {problems.get(i) && (
              <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
                {problems.get(i)}
              </Typography>
            )}
          </Paper>
        ))}
        {!readOnly && (
          <Box>
            <Button
              startIcon={<Add />}
              onClick={() => setRows([...rows, emptyRow()])}
              disabled={rows.length >= MAX_OUTCOME_FIELDS}
            >
              Add a question
            </Button>
          </Box>
        )}
      </Stack>
    </FormSection>
  );
}
