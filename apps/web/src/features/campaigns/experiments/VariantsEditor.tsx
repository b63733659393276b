import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { MIN_VARIANTS, labelOf } from "@parley/shared/experiments";
import { addVariant, canAdd, startExperiment, variantProblems, type VariantDraft } from "./variant-drafts.ts";

type Props = {
  value: VariantDraft[] | null;
  onChange(next: VariantDraft[]): void;
  /** The call flow written above: variant A starts from it. */
  flow: { opening_line: string; goal: string };
  voices: { id: string; name: string }[];
  /** The contacts are split (the campaign launched with the experiment): wording only, no variant added or removed. */
  started: boolean;
  /** The campaign launched without an experiment: none can start now. */
  launchedWithout: boolean;
  readOnly: boolean;
};

function VariantCard(p: {
  i: number;
  v: VariantDraft;
  problem: string | null;
  voices: Props["voices"];
  removable: boolean;
  readOnly: boolean;
  onChange(v: VariantDraft): void;
  onRemove(): void;
}) {
  const label = labelOf(p.i);
  const ro = { htmlInput: { readOnly: p.readOnly } };
  return (
    <Paper variant="outlined" component="fieldset" aria-label={`Variant ${label}`} sx={{ p: 2, m: 0, borderRadius: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1.5 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, float: "left" }}>
          Variant {label}
        </Typography>
        {p.removable && (
          <IconButton aria-label={`Remove variant ${label}`} size="small" onClick={p.onRemove}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Stack spacing={2} sx={{ clear: "both" }}>
        <TextField
          label="Opening line"
          required
          multiline
          minRows={2}
          value={p.v.opening_line}
          onChange={(e) => p.onChange({ ...p.v, opening_line: e.target.value })}
          error={Boolean(p.problem)}
          helperText={p.problem ?? "Its first words, with {variables} as in the call flow."}
          slotProps={ro}
        />
        <TextField
          label="Goal of the call"
          placeholder="Empty: the campaign's goal"
          value={p.v.goal}
          onChange={(e) => p.onChange({ ...p.v, goal: e.target.value })}
          slotProps={ro}
        />
        <TextField
          select
          label="Voice"
          value={p.v.voice_id}
          onChange={(e) => p.onChange({ ...p.v, voice_id: e.target.value })}
          disabled={p.readOnly}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">The campaign's voice</MenuItem>
          {p.voices.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Paper>
  );
}

/**
 * The setup form's experiment: 2 to 4 variants of the opening line, goal and voice. Before launch they are added and
 * removed freely; once the contacts are split only their wording and voice change.
 */
export function VariantsEditor({ value, onChange, flow, voices, started, launchedWithout, readOnly }: Props) {
  const variants = value ?? [];
  if (!variants.length) {
    return (
      <Box>
        {launchedWithout ? (
          <Typography variant="body2" color="text.secondary">
            This campaign was launched without an experiment: its contacts are already being called. Duplicate it to run
            one.
          </Typography>
        ) : (
          <Button
            variant="outlined"
            startIcon={<Add />}
            disabled={readOnly}
            onClick={() => onChange(startExperiment(flow))}
          >
            Test variants
          </Button>
        )}
      </Box>
    );
  }
  const problems = variantProblems(variants);
  const set = (i: number, v: VariantDraft) => onChange(variants.map((x, j) => (j === i ? v : x)));
  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", md: variants.length > 1 ? "1fr 1fr" : "1fr" },
        }}
      >
        {variants.map((v, i) => (
          <VariantCard
            key={labelOf(i)}
            i={i}
            v={v}
            problem={problems[i] ?? null}
            voices={voices}
            removable={!started && !readOnly && variants.length > MIN_VARIANTS}
            readOnly={readOnly}
            onChange={(next) => set(i, next)}
            onRemove={() => onChange(variants.filter((_, j) => j !== i))}
          />
        ))}
      </Box>
      {started ? (
        <Typography variant="body2" color="text.secondary">
          The contacts are split between these variants: change their wording or voice (calls already made keep theirs),
          or keep the winner in the experiment&apos;s results.
        </Typography>
      ) : (
        !readOnly && (
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
            {canAdd(variants) && (
              <Button variant="outlined" startIcon={<Add />} onClick={() => onChange(addVariant(variants))}>
                Add variant
              </Button>
            )}
            <Button color="inherit" onClick={() => onChange([])}>
              Remove the experiment
            </Button>
          </Box>
        )
      )}
    </Stack>
  );
}
