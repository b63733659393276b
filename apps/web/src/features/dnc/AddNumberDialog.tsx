import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { DncAdd, type DncImportResult } from "@parley/shared/dnc";
import { ApiRequestError, messageOf } from "../../lib/api-error.ts";
import { CountryPicker } from "./CountryPicker.tsx";

type Props = {
  open: boolean;
  onClose(): void;
  onAdd(body: DncAdd): Promise<DncImportResult>;
  onAdded(result: DncImportResult, phone: string): void;
  /** The organisation's country, where the picker starts. */
  defaultCountry: string | null;
};

/** One number by hand; the server normalises it to E.164 and explains a number it cannot read. */
export function AddNumberDialog({ open, onClose, onAdd, onAdded, defaultCountry }: Props) {
  const [phone, setPhone] = useState("");
  const [country, setCountry] = useState<string | null>(null);
  const chosenCountry = country ?? defaultCountry ?? "";
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPhone("");
    setCountry(null);
    setReason("");
    setErrors({});
    onClose();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body: DncAdd = { phone, reason, ...(chosenCountry ? { default_country: chosenCountry } : {}) };
    // The same schema as the server: an empty number or a malformed country never leaves the browser.
    const checked = DncAdd.safeParse(body);
    if (!checked.success)
      return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
    setBusy(true);
    try {
      const result = await onAdd(body);
      onAdded(result, phone);
      close();
    } catch (err) {
      const issues = err instanceof ApiRequestError ? err.fieldIssues : [];
      setErrors(
        issues.length
          ? Object.fromEntries(issues.map((i) => [i.path, i.message]))
          : { phone: messageOf(err, "Failed to add the number. Please try again.") },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="add-dnc-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-dnc-title">Add a number</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Phone number"
              required
              autoFocus
              value={phone}
              placeholder="+1 415 555 0100"
              onChange={(e) => {
                setPhone(e.target.value);
                setErrors({});
              }}
              error={Boolean(errors.phone)}
              helperText={
                errors.phone ?? "As you would dial it: +49 171 2345678, or 0171 2345678 with the country below."
              }
            />
            <CountryPicker
              value={chosenCountry}
              onChange={(code) => {
                setCountry(code);
                setErrors({});
              }}
              error={errors.default_country}
            />
            <TextField
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? "Adding..." : "Add number"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
