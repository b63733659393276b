import { useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import type { CalendarEventCreate } from "@parley/shared/calendar";
import { ApiRequestError } from "../../lib/api-error.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { formToPayload, issuesToErrors, type EventForm, type FormErrors } from "./event-form.ts";

type Props = {
  mode: "create" | "edit";
  initial: EventForm;
  onClose: () => void;
  onSave: (body: CalendarEventCreate) => Promise<unknown>;
};

/** New Event and Edit: the shared schema checks the form before it is sent; server messages land on fields. */
export function EventFormDialog({ mode, initial, onClose, onSave }: Props) {
  const zone = useViewerZone();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof EventForm>(key: K, value: EventForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const checked = formToPayload(form, zone);
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    setFailure(null);
    try {
      await onSave(checked.body);
      onClose();
    } catch (err) {
      const fieldErrors = err instanceof ApiRequestError ? issuesToErrors(err.fieldIssues) : {};
      setErrors(fieldErrors);
      setFailure(err instanceof Error ? err.message : "Failed to save the event.");
    } finally {
      setBusy(false);
    }
  };
  const text = (key: Exclude<keyof EventForm, "is_virtual">, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="event-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="event-form-title">{mode === "create" ? "New Event" : "Edit Event"}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {text("title", "Title", { required: true, autoFocus: true })}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {text("start", "Start", {
                type: "datetime-local",
                slotProps: { inputLabel: { shrink: true } },
                // The viewer's clock may not be the browser's: say which one the times are read on.
                helperText: errors.start ?? `${zone} time`,
              })}
              {text("end", "End", { type: "datetime-local", slotProps: { inputLabel: { shrink: true } } })}
            </Stack>
            <FormControlLabel
              control={<Switch checked={form.is_virtual} onChange={(e) => set("is_virtual", e.target.checked)} />}
              label="Virtual meeting"
            />
            {form.is_virtual &&
              text("meeting_url", "Meeting link (optional)", { placeholder: "https://meet.google.com/…" })}
            {text("location", "Location")}
            {text("attendees", "Attendees (comma-separated)")}
            {text("description", "Description", { multiline: true, minRows: 2 })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? "Saving..." : mode === "create" ? "Create Event" : "Save Changes"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
