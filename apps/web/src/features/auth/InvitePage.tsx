import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { LoginResponse } from "@parley/shared/auth";
import { ROLE_LABELS } from "@parley/shared/permissions";
import { InvitationPreview, type InvitationAccept } from "@parley/shared/team";
import { api } from "../../lib/api-client.ts";
import { messageOf } from "../../lib/api-error.ts";
import { loginReturningTo } from "../../lib/return-path.ts";
import { session } from "../../lib/session.ts";
import { browserZone, formatWhen } from "../../lib/time-format.ts";
import { signOut } from "../../lib/sign-out.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { InviteSignedIn } from "./InviteSignedIn.tsx";
import { InviteSignUp } from "./InviteSignUp.tsx";

/**
 * /invite/:token — the page an invitation link opens. It names the organisation and the role; a newcomer
 * signs up (the invited email is their login), someone signed in as the invited email joins with their account,
 * and someone with an account who is not signed in signs in and comes back here. Either way they land on the
 * organisation's dashboard.
 */
export function InvitePage() {
  const token = useParams().token ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(session.isSignedIn());
  const preview = useQuery({
    queryKey: ["invitation", token],
    queryFn: () =>
      api("/team/invitations/preview", {
        method: "POST",
        body: { token },
        schema: InvitationPreview,
        skipAuthHandling: true,
      }),
    retry: false,
  });
  const accept = useMutation({
    // Joining with one's account sends its bearer, renewed if it has expired; signing up needs none.
    mutationFn: (body: InvitationAccept) =>
      api("/team/invitations/accept", {
        method: "POST",
        body,
        schema: LoginResponse,
        skipAuthHandling: body.password !== undefined,
      }),
    onSuccess: (res) => {
      const slug = session.store(res);
      // A signed-in user's cached answers belonged to their previous organisation.
      void queryClient.resetQueries();
      navigate(`/org/${slug}/dashboard`, { replace: true });
    },
  });
  const leave = () =>
    void signOut(queryClient).then(() => {
      accept.reset();
      setSignedIn(false);
    });

  if (preview.isPending)
    return (
      <AuthLayout heading="Join your team on Parley">
        <CircularProgress aria-label="Loading the invitation" />
      </AuthLayout>
    );
  if (preview.isError) {
    return (
      <AuthLayout heading="Join your team on Parley">
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          This invitation cannot be used
        </Typography>
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(preview.error, "The invitation could not be loaded. Please try again.")}
        </Alert>
        <Link component={RouterLink} to="/login">
          Go to sign in
        </Link>
      </AuthLayout>
    );
  }
  const invite = preview.data;
  return (
    <AuthLayout heading="Join your team on Parley">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Join {invite.organization_name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        You are invited as <strong>{ROLE_LABELS[invite.role]}</strong>. The invitation was sent to {invite.email} and
        {/* Not a member yet: the organisation's zone is not theirs to read; their clock is the browser's. */}
        expires on {formatWhen(invite.expires_at, browserZone())}.
      </Typography>
      {accept.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(accept.error, "Joining failed. Please try again.")}
        </Alert>
      )}
      {signedIn ? (
        <InviteSignedIn
          invite={invite}
          joining={accept.isPending}
          onJoin={() => accept.mutate({ token })}
          onSignOut={leave}
        />
      ) : (
        <InviteSignUp
          invite={invite}
          joining={accept.isPending}
          signInPath={loginReturningTo(`/invite/${token}`)}
          onSubmit={(fields, onError) => accept.mutate({ token, ...fields }, { onError })}
        />
      )}
    </AuthLayout>
  );
}
