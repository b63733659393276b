import { useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { AccountFields } from "@parley/shared/auth";
import type { InvitationPreview } from "@parley/shared/team";
import { ApiRequestError } from "../../lib/api-error.ts";

type Field = keyof typeof AccountFields.shape;
const FIELDS: Array<{ name: Field; label: string; type?: string; autoComplete: string }> = [
  { name: "first_name", label: "First name", autoComplete: "given-name" },
  { name: "last_name", label: "Last name", autoComplete: "family-name" },
  { name: "username", label: "Username", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
];
const EMPTY: Record<Field, string> = { first_name: "", last_name: "", username: "", password: "" };

type Props = {
  invite: InvitationPreview;
  joining: boolean;
  /** Where "Sign in" goes: the sign-in page, coming back to this invitation. */
  signInPath: string;
  onSubmit(fields: Record<Field, string>, onError: (err: unknown) => void): void;
};

/**
 * The invitation page for someone not signed in: a new account for the invited email, or sign in to an existing one.
 */
export function InviteSignUp({ invite, joining, signInPath, onSubmit }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = AccountFields.safeParse(values);
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    onSubmit(
      parsed.data,
      (err) =>
        err instanceof ApiRequestError &&
        setErrors(Object.fromEntries(err.fieldIssues.map((i) => [i.path, i.message]))),
    );
  }

  return (
    <>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Create your account"
        sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}
      >
        <TextField
          label="Email"
          value={invite.email}
          disabled
          fullWidth
          sx={{ gridColumn: "1 / -1" }}
          helperText="You will sign in with this email or your username."
        />
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            type={f.type}
            autoComplete={f.autoComplete}
            value={values[f.name]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f.name]: e.target.value }));
              setErrors((x) => ({ ...x, [f.name]: undefined }));
            }}
            error={Boolean(errors[f.name])}
            helperText={errors[f.name]}
            required
            fullWidth
          />
        ))}
        <Button type="submit" variant="contained" size="large" disabled={joining} sx={{ gridColumn: "1 / -1" }}>
          {joining ? "Joining…" : "Create account and join"}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 2 }}>
        Already have a Parley account for {invite.email}?{" "}
        <Link component={RouterLink} to={signInPath}>
          Sign in to join with it
        </Link>
        .
      </Typography>
    </>
  );
}
