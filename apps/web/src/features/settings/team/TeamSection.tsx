import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import type { InvitationLink } from "@parley/shared/team";
import { AppToast, type Toast } from "../../../components/AppToast.tsx";
import { messageOf } from "../../../lib/api-error.ts";
import { useCurrentUser } from "../../../lib/useCurrentUser.ts";
import { InviteForm } from "./InviteForm.tsx";
import { InviteLinkDialog } from "./InviteLinkDialog.tsx";
import { TeamInvitations } from "./TeamInvitations.tsx";
import { TeamMembers } from "./TeamMembers.tsx";
import { useTeam } from "./team-api.ts";

/** Settings → Team, for the owner: who is in the organisation, who is invited, and an invitation form. */
export function TeamSection() {
  const team = useTeam();
  const me = useCurrentUser().data;
  const [link, setLink] = useState<InvitationLink | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const onError = (err: unknown, fallback: string) =>
    setToast({ severity: "error", message: messageOf(err, fallback) });
  const onDone = (message: string) => setToast({ severity: "success", message, durationMs: 3000 });

  if (team.isPending) return <CircularProgress size={24} aria-label="Loading the team" />;
  if (team.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => team.refetch()}>
            Retry
          </Button>
        }
      >
        {messageOf(team.error, "Failed to load the team. Please try again.")}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Invite a teammate
        </Typography>
        <InviteForm onInvited={setLink} />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Members ({team.data.members.length})
        </Typography>
        <TeamMembers members={team.data.members} myId={me?.id} onError={onError} onDone={onDone} />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Pending invitations
        </Typography>
        <TeamInvitations invitations={team.data.invitations} onLink={setLink} onError={onError} onDone={onDone} />
      </Box>
      <InviteLinkDialog link={link} onClose={() => setLink(null)} />
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
