import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { ROLE_LABELS } from "@parley/shared/permissions";
import { INVITATION_TTL_DAYS, type InvitationLink } from "@parley/shared/team";
import { inviteUrl } from "./team-api.ts";

/** The invitation's link, shown this once (the server keeps only its hash). No mail is sent yet. */
export function InviteLinkDialog({ link, onClose }: { link: InvitationLink | null; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  const url = link ? inviteUrl(link) : "";
  const copy = () => navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={link !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="invite-link-title">
      <DialogTitle id="invite-link-title">Invitation link</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>
          For <strong>{link?.invitation.email}</strong> as {link ? ROLE_LABELS[link.invitation.role] : ""}.
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          Parley does not send invitation emails yet. Copy the link and send it to them. It works once, for {INVITATION_TTL_DAYS} days, and is
          not shown again (you can make a new one from the pending invitation).
        </Alert>
        <Box component="code" aria-label="Invitation link" sx={{ display: "block", p: 1.5, bgcolor: "action.hover", borderRadius: 1, wordBreak: "break-all", fontSize: 14 }}>
          {url}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{copied ? "Copied" : "Copy link"}</Button>
        <Button variant="contained" onClick={close}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
