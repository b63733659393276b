import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { MAX_ATTEMPT_CHOICES, TIME_GAP_HOURS } from "../logic/time-gap.ts";
import type { CampaignFormValues } from "../logic/campaign-form.ts";
import { FormSection } from "./FormSection.tsx";

type FollowUpFields = Pick<CampaignFormValues, "maxAttempts" | "timeGap" | "maxConcurrentCalls" | "retryBackoff">;
type Props = { value: FollowUpFields; onChange(patch: Partial<FollowUpFields>): void };

/**
 * Maximum attempts 1–5, the gap between attempts in hours (sent in seconds), the campaign's own cap on
 * simultaneous calls (empty = the organisation's limit) and whether the gap doubles after each failure.
 * Editable in view mode too: a running campaign's next attempts follow the new values.
 */
export function FollowUpSection({ value, onChange }: Props) {
  return (
    <FormSection title="Follow-up Strategy" subtitle="How often to retry a contact who does not answer">
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
        <TextField
          select
          label="Maximum attempts"
          value={value.maxAttempts}
          onChange={(e) => onChange({ maxAttempts: Number(e.target.value) })}
        >
          {MAX_ATTEMPT_CHOICES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Time Gap (hours)"
          value={value.timeGap}
          onChange={(e) => onChange({ timeGap: Number(e.target.value) })}
        >
          {TIME_GAP_HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {h}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Max simultaneous calls"
          placeholder="Organisation limit"
          value={value.maxConcurrentCalls}
          onChange={(e) => onChange({ maxConcurrentCalls: e.target.value.replace(/\D/g, "").slice(0, 4) })}
          helperText="Leave empty to use the organisation's limit"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: "numeric" } }}
        />
        <FormControlLabel
          sx={{ alignSelf: "start", mt: { sm: 1 } }}
          control={
            <Switch checked={value.retryBackoff} onChange={(e) => onChange({ retryBackoff: e.target.checked })} />
          }
          label="Wait longer after each failed attempt (2 h, 4 h, 8 h…)"
        />
      </Box>
    </FormSection>
  );
}
