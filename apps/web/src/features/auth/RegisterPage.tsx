import { useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { api } from "../../lib/api-client.ts";
import { ApiRequestError, messageOf } from "../../lib/api-error.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { GoogleSignIn } from "./GoogleSignIn.tsx";
import {
  REGISTER_FIELDS,
  describeRegisterErrors,
  emptyRegisterValues,
  validateRegistration,
  type RegisterField,
} from "./register-fields.ts";

const REMEMBER_HINT = "Tick Remember me to create your account";

export function RegisterPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyRegisterValues);
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const change = (name: RegisterField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    const check = validateRegistration(values);
    if (!check.ok) {
      setErrors(check.errors);
      return setError(describeRegisterErrors(check.errors));
    }
    setBusy(true);
    try {
      await api("/auth/register", {
        method: "POST",
        body: { ...values, auth_provider: "password" },
        skipAuthHandling: true,
      });
      navigate("/login", { state: { registered: true, username: values.username.trim() } });
    } catch (err) {
      const fieldErrors =
        err instanceof ApiRequestError ? Object.fromEntries(err.fieldIssues.map((i) => [i.path, i.message])) : {};
      setErrors(fieldErrors);
      setError(describeRegisterErrors(fieldErrors) || messageOf(err, "Registration failed. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout heading="Why choose Parley?">
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        Create your account to get started
      </Typography>
      <GoogleSignIn label="Sign up with Google" />
      <Divider sx={{ my: 3 }}>or</Divider>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}
      >
        {REGISTER_FIELDS.map((f) => (
          <TextField
            key={f.name}
            name={f.name}
            label={f.label}
            type={f.type ?? "text"}
            required={!f.optional}
            multiline={f.multiline}
            minRows={f.multiline ? 2 : undefined}
            value={values[f.name]}
            onChange={(e) => change(f.name, e.target.value)}
            error={Boolean(errors[f.name])}
            helperText={errors[f.name] ?? (f.optional ? "Optional" : " ")}
            placeholder={f.placeholder}
            slotProps={f.placeholder ? { inputLabel: { shrink: true } } : undefined}
            sx={{ gridColumn: f.half ? "auto" : "1 / -1" }}
          />
        ))}
        <FormControlLabel
          sx={{ gridColumn: "1 / -1" }}
          control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
          label="Remember me"
        />
        {/* Beside the button, where a click lands: the summary of what stops it is read without scrolling. */}
        {error && (
          <Alert severity="error" sx={{ gridColumn: "1 / -1" }}>
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!remember || busy}
          aria-describedby={remember ? undefined : "create-account-hint"}
          sx={{ gridColumn: "1 / -1" }}
        >
          {busy ? "Creating account..." : "Create Account"}
        </Button>
        {!remember && (
          <Typography
            id="create-account-hint"
            variant="body2"
            color="text.secondary"
            sx={{ gridColumn: "1 / -1", textAlign: "center", mt: -1 }}
          >
            {REMEMBER_HINT}
          </Typography>
        )}
        <Typography variant="body2" sx={{ gridColumn: "1 / -1", textAlign: "center" }}>
          Already have an account?{" "}
          <Link component={RouterLink} to="/login">
            Sign In Here
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
