import { useState, type FormEvent } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { LoginRequest, LoginResponse } from "@parley/shared/auth";
import { api } from "../../lib/api-client.ts";
import { messageOf } from "../../lib/api-error.ts";
import { returnPath } from "../../lib/return-path.ts";
import { session } from "../../lib/session.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { GoogleSignIn } from "./GoogleSignIn.tsx";

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = location.state as { registered?: boolean; username?: string } | null;
  const registered = arrival?.registered;
  // Sent here from an invitation page: back to it once signed in, to join with this account.
  const back = returnPath(location.search);
  const [login, setLogin] = useState(arrival?.username ?? "");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof LoginRequest, string>>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    const check = LoginRequest.safeParse({ email_or_username: login, password, refresh: true });
    if (!check.success) {
      const next: Partial<Record<keyof LoginRequest, string>> = {};
      for (const issue of check.error.issues) next[issue.path[0] as keyof LoginRequest] ??= issue.message;
      return setFieldErrors(next);
    }
    setBusy(true);
    try {
      const res = await api("/auth/login", {
        method: "POST",
        body: check.data,
        schema: LoginResponse,
        skipAuthHandling: true,
      });
      const slug = session.store(res);
      navigate(back ?? `/org/${slug}/dashboard`, { replace: true });
    } catch (err) {
      setError(messageOf(err, "Authentication failed. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout heading="Welcome back to Parley">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Sign in
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Manage your AI voice campaigns.
      </Typography>
      {registered && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {arrival?.username
            ? `Your account ${arrival.username} was created. Enter your password to sign in.`
            : "Account created. Please sign in."}
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label="Email or Username"
          value={login}
          onChange={(e) => {
            setLogin(e.target.value);
            setFieldErrors((f) => ({ ...f, email_or_username: undefined }));
          }}
          error={Boolean(fieldErrors.email_or_username)}
          helperText={fieldErrors.email_or_username}
          required
          autoComplete="username"
          autoFocus={!arrival?.username}
          fullWidth
        />
        <TextField
          label="Password"
          type={showPassword ? "text" : "password"}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFieldErrors((f) => ({ ...f, password: undefined }));
          }}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
          required
          autoComplete="current-password"
          autoFocus={Boolean(arrival?.username)}
          fullWidth
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? "Hide password" : "Show password"}
                    onClick={() => setShowPassword((s) => !s)}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
          label="Remember me"
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
        <Divider>or</Divider>
        <GoogleSignIn label="Sign in with Google" />
        <Typography variant="body2" sx={{ textAlign: "center" }}>
          <Link component={RouterLink} to="/register">
            Don't have an account? Register Here
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
