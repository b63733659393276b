import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import type { ApiKey } from "@parley/shared/api-keys";

type Props = { apiKey: ApiKey | null; busy: boolean; onCancel(): void; onConfirm(): void };

/** Confirmation before revoking: it cannot be undone, and whatever uses the key stops working at once. */
export function RevokeKeyDialog({ apiKey, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={apiKey !== null} onClose={onCancel} aria-labelledby="api-key-revoke-title">
      <DialogTitle id="api-key-revoke-title">Revoke API key</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Revoke this key? Every request made with it is refused from now on. This cannot be undone.
        </DialogContentText>
        {apiKey && (
          <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>
            {apiKey.name} ({apiKey.prefix}…)
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          Revoke key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
