import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { BUSINESS_HOUR_CHOICES } from "@parley/shared/campaigns";
import { OrgSettingsUpdate, type OrgSettingsResponse } from "@parley/shared/settings";
import type { Voice } from "@parley/shared/voices";
import { issuesToErrors, serverErrors, type FieldErrors } from "./form-errors.ts";
import { browserZone } from "../../lib/time-format.ts";
import { timeZoneOptions, toOrgForm, toOrgUpdate, type OrgForm } from "./org-form.ts";
import { useSaveOrgSettings } from "./settings-api.ts";
import { MeetingLinkFields } from "./MeetingLinkFields.tsx";

type Props = { data: OrgSettingsResponse; voices: Voice[]; onSaved(): void };

/**
 * The organisation's name, how the agent introduces itself, the defaults new campaigns start from, and the link
 * the agent's meetings are held at.
 */
export function OrgSettingsForm({ data, voices, onSaved }: Props) {
  const [form, setForm] = useState<OrgForm>(() => toOrgForm(data.settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveOrgSettings();
  const readOnly = !data.can_edit;
  const set = (key: keyof OrgForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };
  const text = (key: keyof OrgForm, label: string, helper: string, required = false) => (
    <TextField
      fullWidth
      label={label}
      required={required}
      value={form[key]}
      disabled={readOnly}
      onChange={(e) => set(key)(e.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? helper}
    />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = toOrgUpdate(form);
    const checked = OrgSettingsUpdate.safeParse(body);
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    try {
      await save.mutateAsync(body);
      onSaved();
    } catch (err) {
      setErrors(serverErrors(err, "Failed to save the organization settings. Please try again."));
    }
  }

  const hourSelect = (key: "business_hours_start" | "business_hours_end", label: string) => (
    <TextField
      select
      fullWidth
      label={label}
      value={form[key]}
      disabled={readOnly}
      onChange={(e) => set(key)(e.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? " "}
    >
      {BUSINESS_HOUR_CHOICES.map((h) => (
        <MenuItem key={h} value={h}>
          {h}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Organization settings">
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only the owner can change the organization settings.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          {text("name", "Organization name", "Shown in the menu and on the Organizations screen.", true)}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text(
            "agent_name",
            "Agent's name",
            "How the voice agent introduces itself, e.g. Maya. Empty: an AI assistant.",
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text("company_name", "Company name (as spoken)", "Who the agent calls for. Empty: the organization name.")}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Autocomplete
            options={timeZoneOptions()}
            value={form.timezone || null}
            disabled={readOnly}
            onChange={(_, v) => set("timezone")(v ?? "")}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Default timezone"
                placeholder={browserZone()}
                error={Boolean(errors.timezone)}
                helperText={
                  errors.timezone ??
                  "The clock every screen shows times on, and new campaigns' zone. " +
                    `Empty: each browser's own (${browserZone()}).`
                }
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            fullWidth
            label="Default voice"
            value={form.default_voice_id}
            disabled={readOnly}
            onChange={(e) => set("default_voice_id")(e.target.value)}
            error={Boolean(errors.default_voice_id)}
            helperText={errors.default_voice_id ?? "The voice new campaigns start with."}
            // "" is a real choice (the server's default), so it is shown rather than left blank.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Server default</MenuItem>
            {voices.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name} — {v.description}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>{hourSelect("business_hours_start", "Business hours start")}</Grid>
        <Grid size={{ xs: 6, md: 3 }}>{hourSelect("business_hours_end", "Business hours end")}</Grid>
        <Grid size={{ xs: 12 }}>
          <MeetingLinkFields
            kind={form.meeting_link_kind}
            url={form.meeting_link_url}
            readOnly={readOnly}
            error={errors.meeting_link_url ?? errors.meeting_link_kind}
            onKind={(v) => {
              set("meeting_link_kind")(v);
              setErrors((e) => ({ ...e, meeting_link_url: undefined }));
            }}
            onUrl={set("meeting_link_url")}
          />
        </Grid>
      </Grid>
      {errors.form && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.form}
        </Alert>
      )}
      {!readOnly && (
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 2 }}>
          {save.isPending ? "Saving..." : "Save organization"}
        </Button>
      )}
    </form>
  );
}
