import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import { ProfileUpdate, type Profile } from "@parley/shared/settings";
import { issuesToErrors, serverErrors, type FieldErrors } from "./form-errors.ts";
import { useSaveProfile } from "./settings-api.ts";

type Fields = Pick<Profile, "first_name" | "last_name" | "email">;

/** The signed-in user's name and email (the email also signs in). */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved(): void }) {
  const [form, setForm] = useState<Fields>({
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveProfile();
  const field = (key: keyof Fields, label: string, type = "text") => (
    <TextField
      fullWidth
      required
      label={label}
      type={type}
      value={form[key]}
      autoComplete={key === "email" ? "email" : undefined}
      onChange={(e) => {
        setForm((f) => ({ ...f, [key]: e.target.value }));
        setErrors((er) => ({ ...er, [key]: undefined, form: undefined }));
      }}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? " "}
    />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = ProfileUpdate.safeParse(form);
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    try {
      await save.mutateAsync(form);
      onSaved();
    } catch (err) {
      setErrors(serverErrors(err, "Failed to save your profile. Please try again."));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>{field("first_name", "First name")}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{field("last_name", "Last name")}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{field("email", "Email", "email")}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            label="Username"
            value={profile.username}
            disabled
            helperText="Usernames cannot be changed."
          />
        </Grid>
      </Grid>
      {errors.form && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.form}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 2 }}>
        {save.isPending ? "Saving..." : "Save profile"}
      </Button>
    </form>
  );
}
