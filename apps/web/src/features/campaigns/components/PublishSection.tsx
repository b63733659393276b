import { useMemo } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { BUSINESS_HOUR_CHOICES, timezoneChoices } from "../logic/publish-options.ts";
import type { CampaignFormValues } from "../logic/campaign-form.ts";

type PublishFields = Pick<
  CampaignFormValues,
  "campaignMode" | "startDate" | "endDate" | "campaignTimezone" | "businessHoursStart" | "businessHoursEnd"
>;
type Props = { value: PublishFields; onChange(patch: Partial<PublishFields>): void; datesReadOnly: boolean };

/** Publish & Launch: immediate/schedule toggle, business hours, timezone, and the schedule's dates. */
export function PublishSection({ value, onChange, datesReadOnly }: Props) {
  const zones = useMemo(() => timezoneChoices(), []);
  const setMode = (mode: "immediate" | "schedule" | null) => {
    if (!mode || datesReadOnly) return;
    // Choosing immediate clears the dates (spec §4 "Publish mode").
    onChange(mode === "immediate" ? { campaignMode: mode, startDate: "", endDate: "" } : { campaignMode: mode });
  };
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={value.campaignMode}
        onChange={(_, mode) => setMode(mode)}
        aria-label="Publish mode"
        sx={{ flexWrap: "wrap" }}
      >
        <ToggleButton value="immediate" disabled={datesReadOnly && value.campaignMode !== "immediate"}>
          Create Campaign Now
        </ToggleButton>
        <ToggleButton value="schedule" disabled={datesReadOnly && value.campaignMode !== "schedule"}>
          Schedule Campaign
        </ToggleButton>
      </ToggleButtonGroup>

      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Business Hours
        </Typography>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          <TextField
            select
            label="Start Time"
            value={value.businessHoursStart}
            onChange={(e) => onChange({ businessHoursStart: e.target.value })}
          >
            {BUSINESS_HOUR_CHOICES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="End Time"
            value={value.businessHoursEnd}
            onChange={(e) => onChange({ businessHoursEnd: e.target.value })}
          >
            {BUSINESS_HOUR_CHOICES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Box>

      <Autocomplete
        options={zones}
        value={value.campaignTimezone}
        disableClearable
        onChange={(_, zone) => zone && onChange({ campaignTimezone: zone })}
        renderInput={(params) => <TextField {...params} label="Timezone" />}
      />

      {value.campaignMode === "schedule" && (
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          <TextField
            type="datetime-local"
            label="Start Date & Time"
            value={value.startDate}
            onChange={(e) => onChange({ startDate: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: datesReadOnly } }}
          />
          <TextField
            type="datetime-local"
            label="End Date & Time"
            value={value.endDate}
            onChange={(e) => onChange({ endDate: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: datesReadOnly } }}
          />
        </Box>
      )}
    </Box>
  );
}
