import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { ROLE_LABELS } from "@parley/shared/permissions";
import type { InvitationLink } from "@parley/shared/team";
import { ShownOnceDialog } from "../../../components/ShownOnceDialog.tsx";
import { linkDialogNote } from "./invitation-email.ts";
import { inviteUrl } from "./team-api.ts";

/**
 * The invitation's link, shown this once (the server keeps only its hash); emailed too when a mail server is set up.
 */
export function InviteLinkDialog({ link, onClose }: { link: InvitationLink | null; onClose(): void }) {
  return (
    <ShownOnceDialog
      value={link ? inviteUrl(link) : null}
      title="Invitation link"
      id="invite-link-title"
      valueLabel="Invitation link"
      copyLabel="Copy link"
      onClose={onClose}
      before={
        <>
          <Typography sx={{ mb: 1.5 }}>
            For <strong>{link?.invitation.email}</strong> as {link ? ROLE_LABELS[link.invitation.role] : ""}.
          </Typography>
          <Alert severity="info" sx={{ mb: 2 }}>
            {link ? linkDialogNote(link.invitation.mail, link.invitation.email) : ""}
          </Alert>
        </>
      }
    />
  );
}
