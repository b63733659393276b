import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { MAX_ATTEMPT_CHOICES, TIME_GAP_HOURS } from "../logic/time-gap.ts";
import { FormSection } from "./FormSection.tsx";

type Props = { maxAttempts: number; timeGap: number; onChange(patch: { maxAttempts?: number; timeGap?: number }): void };

/** Maximum attempts 1–5 and the gap between attempts in hours (sent in seconds). */
export function FollowUpSection({ maxAttempts, timeGap, onChange }: Props) {
  return (
    <FormSection title="Follow-up Strategy" subtitle="How often to retry a contact who does not answer">
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
        <TextField select label="Maximum attempts" value={maxAttempts} onChange={(e) => onChange({ maxAttempts: Number(e.target.value) })}>
          {MAX_ATTEMPT_CHOICES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Time Gap (hours)" value={timeGap} onChange={(e) => onChange({ timeGap: Number(e.target.value) })}>
          {TIME_GAP_HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {h}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </FormSection>
  );
}
