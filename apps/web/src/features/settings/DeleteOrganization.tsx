import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { OrganizationExit } from "@parley/shared/organizations";
import { api } from "../../lib/api-client.ts";
import { serverErrors, type FieldErrors } from "./form-errors.ts";
import { useLandAfterExit } from "./useLandAfterExit.ts";

/**
 * The owner deletes the organisation they are in, typing its name to confirm. Afterwards the browser moves to
 * the user's next organisation, or to sign-in when they belong to no other.
 */
export function DeleteOrganization({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const land = useLandAfterExit();
  const remove = useMutation({
    mutationFn: () =>
      api("/organizations/current", { method: "DELETE", body: { name: typed }, schema: OrganizationExit }),
  });
  const close = () => {
    setOpen(false);
    setTyped("");
    setErrors({});
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      land(await remove.mutateAsync());
    } catch (err) {
      setErrors(serverErrors(err, "The organization could not be deleted. Please try again."));
    }
  }

  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete organization
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="delete-org-title">
        <form onSubmit={submit} noValidate aria-label="Delete organization">
          <DialogTitle id="delete-org-title">Delete {name}?</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>
              Everything in it is deleted for every member: campaigns and their contacts, calls and recordings, the
              knowledge base, the do-not-call list, meetings, integrations, API keys and webhooks. Members keep their
              accounts and their other organizations. This cannot be undone.
            </Typography>
            <TextField
              fullWidth
              autoFocus
              label="Organization name"
              value={typed}
              autoComplete="off"
              onChange={(e) => {
                setTyped(e.target.value);
                setErrors({});
              }}
              error={Boolean(errors.name)}
              helperText={errors.name ?? `Type ${name} to confirm.`}
            />
            {errors.form && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errors.form}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={typed.trim() !== name.trim() || remove.isPending}
            >
              {remove.isPending ? "Deleting..." : "Delete organization"}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
