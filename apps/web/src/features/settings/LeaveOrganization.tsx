import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { OrganizationExit } from "@parley/shared/organizations";
import { api } from "../../lib/api-client.ts";
import { messageOf } from "../../lib/api-error.ts";
import { useLandAfterExit } from "./useLandAfterExit.ts";

/** Anyone leaves the organisation they are in (the server refuses its last owner, saying why). */
export function LeaveOrganization({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const land = useLandAfterExit();
  const leave = useMutation({ mutationFn: () => api("/team/leave", { method: "POST", schema: OrganizationExit }) });
  const close = () => {
    setOpen(false);
    setError("");
  };
  const confirm = () =>
    leave
      .mutateAsync()
      .then(land, (err) => setError(messageOf(err, "You could not leave the organization. Please try again.")));

  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Leave organization
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="leave-org-title">
        <DialogTitle id="leave-org-title">Leave {name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            You lose access to its campaigns, calls and knowledge base at once and are signed out of it. Your account
            and your other organizations stay; to come back, ask its owner for a new invitation.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button color="error" variant="contained" disabled={leave.isPending} onClick={() => void confirm()}>
            {leave.isPending ? "Leaving..." : "Leave organization"}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
