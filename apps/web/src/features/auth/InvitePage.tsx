import { useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { AccountFields, LoginResponse } from "@parley/shared/auth";
import { ROLE_LABELS } from "@parley/shared/permissions";
import { InvitationPreview, type InvitationAccept } from "@parley/shared/team";
import { api } from "../../lib/api-client.ts";
import { ApiRequestError, messageOf } from "../../lib/api-error.ts";
import { session } from "../../lib/session.ts";
import { AuthLayout } from "./AuthLayout.tsx";

type Field = keyof typeof AccountFields.shape;
const FIELDS: Array<{ name: Field; label: string; type?: string; autoComplete: string }> = [
  { name: "first_name", label: "First name", autoComplete: "given-name" },
  { name: "last_name", label: "Last name", autoComplete: "family-name" },
  { name: "username", label: "Username", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
];
const EMPTY: Record<Field, string> = { first_name: "", last_name: "", username: "", password: "" };

/**
 * /invite/:token — the page an invitation link opens. It names the organisation and the role; a newcomer
 * signs up (the invited email is their login), someone signed in joins with their account. Either way they
 * land on the organisation's dashboard.
 */
export function InvitePage() {
  const token = useParams().token ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: ["invitation", token],
    queryFn: () => api("/team/invitations/preview", { method: "POST", body: { token }, schema: InvitationPreview, skipAuthHandling: true }),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: (body: InvitationAccept) => api("/team/invitations/accept", { method: "POST", body, schema: LoginResponse, skipAuthHandling: true }),
    onSuccess: (res) => {
      const slug = session.store(res);
      // A signed-in user's cached answers belonged to their previous organisation.
      void queryClient.resetQueries();
      navigate(`/org/${slug}/dashboard`, { replace: true });
    },
  });
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = AccountFields.safeParse(values);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    accept.mutate({ token, ...parsed.data }, {
      onError: (err) => err instanceof ApiRequestError && setErrors(Object.fromEntries(err.fieldIssues.map((i) => [i.path, i.message]))),
    });
  }

  if (preview.isPending) return <AuthLayout heading="Join your team on Parley"><CircularProgress aria-label="Loading the invitation" /></AuthLayout>;
  if (preview.isError) {
    return (
      <AuthLayout heading="Join your team on Parley">
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>This invitation cannot be used</Typography>
        <Alert severity="error" sx={{ mb: 2 }}>{messageOf(preview.error, "The invitation could not be loaded. Please try again.")}</Alert>
        <Link component={RouterLink} to="/login">Go to sign in</Link>
      </AuthLayout>
    );
  }
  const invite = preview.data;
  return (
    <AuthLayout heading="Join your team on Parley">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>Join {invite.organization_name}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        You are invited as <strong>{ROLE_LABELS[invite.role]}</strong>. The invitation was sent to {invite.email} and expires on {new Date(invite.expires_at).toLocaleDateString()}.
      </Typography>
      {accept.isError && <Alert severity="error" sx={{ mb: 2 }}>{messageOf(accept.error, "Joining failed. Please try again.")}</Alert>}
      {session.isSignedIn() && (
        <Box sx={{ mb: 3 }}>
          <Button variant="contained" fullWidth size="large" disabled={accept.isPending} onClick={() => accept.mutate({ token })}>
            Join with the account you are signed in with
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>Or create a new account for {invite.email}:</Typography>
        </Box>
      )}
      <Box component="form" onSubmit={submit} noValidate aria-label="Create your account" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
        <TextField label="Email" value={invite.email} disabled fullWidth sx={{ gridColumn: "1 / -1" }} helperText="You will sign in with this email or your username." />
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            type={f.type}
            autoComplete={f.autoComplete}
            value={values[f.name]}
            onChange={(e) => { setValues((v) => ({ ...v, [f.name]: e.target.value })); setErrors((x) => ({ ...x, [f.name]: undefined })); }}
            error={Boolean(errors[f.name])}
            helperText={errors[f.name]}
            required
            fullWidth
          />
        ))}
        <Button type="submit" variant={session.isSignedIn() ? "outlined" : "contained"} size="large" disabled={accept.isPending} sx={{ gridColumn: "1 / -1" }}>
          {accept.isPending ? "Joining…" : "Create account and join"}
        </Button>
      </Box>
      {!session.isSignedIn() && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          Already have a Parley account? <Link component={RouterLink} to="/login">Sign in</Link>, then open this link again to join with it.
        </Typography>
      )}
    </AuthLayout>
  );
}
