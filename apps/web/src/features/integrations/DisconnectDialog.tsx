import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

type Props = {
  id: string;
  title: string;
  text: string;
  open: boolean;
  busy: boolean;
  onClose(): void;
  onDisconnect(): Promise<unknown>;
};

/** "Disconnect …?" for an integration card: closes once the disconnect went through, stays open on an error. */
export function DisconnectDialog({ id, title, text, open, busy, onClose, onDisconnect }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => onDisconnect().then(onClose, () => undefined)}
        >
          Disconnect
        </Button>
      </DialogActions>
    </Dialog>
  );
}
