import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { QualifyingFilter } from "./call-logs-api.ts";
import { FIELD_VALUE_CHOICES } from "./qualifying-display.ts";

type Props = { value: QualifyingFilter; onChange(next: QualifyingFilter): void; fields: Map<string, string> };

/** Filters on the qualifying answers: qualified or not, and one field's answer (any field the list has shown). */
export function QualifyingFilters({ value, onChange, fields }: Props) {
  return (
    <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }} aria-label="Qualifying filters">
      <TextField
        select
        size="small"
        label="Qualified"
        value={value.qualified ?? ""}
        onChange={(e) =>
          onChange({ ...value, qualified: (e.target.value || undefined) as QualifyingFilter["qualified"] })
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: { xs: "calc(50% - 6px)", sm: 150 } }}
      >
        <MenuItem value="">Any call</MenuItem>
        <MenuItem value="yes">Qualified</MenuItem>
        <MenuItem value="no">Not qualified</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label="Answer to"
        value={value.field ?? ""}
        onChange={(e) => onChange({ ...value, field: e.target.value || undefined, fieldValue: "answered" })}
        disabled={fields.size === 0}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: { xs: "calc(50% - 6px)", sm: 180 } }}
      >
        <MenuItem value="">Any question</MenuItem>
        {[...fields].map(([key, name]) => (
          <MenuItem key={key} value={key}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {value.field && (
        <TextField
          size="small"
          label="Is"
          value={value.fieldValue ?? "answered"}
          onChange={(e) => onChange({ ...value, fieldValue: e.target.value })}
          title="answered, not_answered, yes, no, a number or an option"
          slotProps={{ htmlInput: { list: "field-value-choices", maxLength: 100 } }}
          sx={{ minWidth: { xs: "100%", sm: 220 } }}
        />
      )}
      <datalist id="field-value-choices">
        {FIELD_VALUE_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </datalist>
    </Box>
  );
}
