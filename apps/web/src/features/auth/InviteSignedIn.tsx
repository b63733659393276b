import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { ROLE_LABELS } from "@parley/shared/permissions";
import type { InvitationPreview } from "@parley/shared/team";
import { useCurrentUser } from "../../lib/useCurrentUser.ts";

type Props = { invite: InvitationPreview; joining: boolean; onJoin(): void; onSignOut(): void };

/**
 * The invitation page for someone already signed in. Only the invited email's account may join (the server
 * refuses any other), so a different account is told so up front, with the way out: sign out, then sign up or
 * sign in as the invited email.
 */
export function InviteSignedIn({ invite, joining, onJoin, onSignOut }: Props) {
  const me = useCurrentUser();
  if (me.isPending) return <CircularProgress size={24} aria-label="Loading your account" />;
  if (me.isError)
    return (
      <Alert severity="error">
        The account you are signed in with could not be read. Sign out and open the link again.
      </Alert>
    );
  const email = me.data.email;
  if (email.toLowerCase() !== invite.email.toLowerCase()) {
    return (
      <Box>
        <Alert severity="warning" sx={{ mb: 2 }}>
          You are signed in as <strong>{email}</strong>, but this invitation is for <strong>{invite.email}</strong>.
          Sign out to join as {invite.email}, or ask the owner of {invite.organization_name} to invite {email}.
        </Alert>
        <Button variant="contained" fullWidth size="large" onClick={onSignOut}>
          Sign out
        </Button>
      </Box>
    );
  }
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        You are signed in as <strong>{email}</strong>
        {me.data.organization_name ? ` (in ${me.data.organization_name})` : ""}. Your account keeps its other
        organizations; switch between them from the account menu.
      </Typography>
      <Button variant="contained" fullWidth size="large" disabled={joining} onClick={onJoin}>
        {joining ? "Joining…" : `Join ${invite.organization_name} as ${ROLE_LABELS[invite.role]}`}
      </Button>
    </Box>
  );
}
