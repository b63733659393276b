import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import { PasswordChange } from "@parley/shared/settings";
import { session } from "../../lib/session.ts";
import { issuesToErrors, serverErrors, type FieldErrors } from "./form-errors.ts";
import { useChangePassword } from "./settings-api.ts";

const EMPTY = { current_password: "", new_password: "", confirm_password: "" };
type Fields = typeof EMPTY;

/** Asks for the current password; this browser stays signed in, the account's other sessions end. */
export function PasswordForm({ hasPassword, onChanged }: { hasPassword: boolean; onChanged(): void }) {
  const [form, setForm] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();
  if (!hasPassword)
    return <Alert severity="info">Your account signs in with Google and has no password to change.</Alert>;

  const field = (key: keyof Fields, label: string, autoComplete: string) => (
    <TextField
      fullWidth
      required
      type="password"
      label={label}
      value={form[key]}
      autoComplete={autoComplete}
      onChange={(e) => {
        setForm((f) => ({ ...f, [key]: e.target.value }));
        setErrors((er) => ({ ...er, [key]: undefined, form: undefined }));
      }}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? (key === "new_password" ? "At least 8 characters." : " ")}
    />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = PasswordChange.safeParse(form);
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    try {
      await change.mutateAsync({ ...form, refresh_token: session.refreshToken() ?? undefined });
      setForm(EMPTY);
      onChanged();
    } catch (err) {
      setErrors(serverErrors(err, "Failed to change your password. Please try again."));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>{field("current_password", "Current password", "current-password")}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{field("new_password", "New password", "new-password")}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{field("confirm_password", "Confirm new password", "new-password")}</Grid>
      </Grid>
      {errors.form && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.form}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={change.isPending} sx={{ mt: 2 }}>
        {change.isPending ? "Changing..." : "Change password"}
      </Button>
    </form>
  );
}
