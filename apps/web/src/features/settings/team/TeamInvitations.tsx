import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { ROLE_LABELS } from "@parley/shared/permissions";
import type { InvitationLink, TeamInvitation } from "@parley/shared/team";
import { formatDate } from "../../../lib/time-format.ts";
import { useViewerZone } from "../../../lib/useViewerZone.ts";
import { emailLine } from "./invitation-email.ts";
import { useRenewLink, useRevokeInvitation } from "./team-api.ts";

type Props = {
  invitations: TeamInvitation[];
  onLink(link: InvitationLink): void;
  onError(err: unknown, fallback: string): void;
  onDone(message: string): void;
};

/**
 * Pending invitations. Only a hash of each link is kept, so "Copy new link" makes a fresh one (the old link
 * stops working) rather than showing the first again.
 */
export function TeamInvitations({ invitations, onLink, onError, onDone }: Props) {
  const zone = useViewerZone();
  const renew = useRenewLink();
  const revoke = useRevokeInvitation();
  if (invitations.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No pending invitations.
      </Typography>
    );
  return (
    <Box component="ul" aria-label="Pending invitations" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {invitations.map((i) => (
        <Box
          component="li"
          key={i.id}
          aria-label={i.email}
          sx={{
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            gap: 1,
            py: 1.5,
            borderTop: 1,
            borderColor: "divider",
          }}
        >
          <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{i.email}</Typography>
            <Typography variant="body2" color="text.secondary">
              {ROLE_LABELS[i.role]} · invited{i.invited_by ? ` by ${i.invited_by}` : ""} · expires{" "}
              {formatDate(i.expires_at, zone)}
            </Typography>
            <EmailState invitation={i} />
          </Box>
          <Button
            disabled={renew.isPending}
            onClick={() => renew.mutateAsync(i.id).then(onLink, (err) => onError(err, "A new link could not be made."))}
          >
            Copy new link
          </Button>
          <Button
            color="error"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutateAsync(i.id).then(
                () => onDone(`The invitation to ${i.email} was revoked.`),
                (err) => onError(err, "The invitation could not be revoked."),
              )
            }
          >
            Revoke
          </Button>
        </Box>
      ))}
    </Box>
  );
}

function EmailState({ invitation }: { invitation: TeamInvitation }) {
  const line = emailLine(invitation.mail, useViewerZone());
  if (!line) return null;
  return (
    <Typography variant="body2" color={line.color} sx={{ overflowWrap: "anywhere" }}>
      {line.text}
    </Typography>
  );
}
