import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

type Props = {
  title: string;
  question: string;
  itemName: string | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
};

/** Confirmation before a delete; open while an item name is given, which it shows under the question. */
export function ConfirmDeleteDialog({ title, question, itemName, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={itemName !== null} onClose={onCancel} aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question}</DialogContentText>
        {itemName && <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>{itemName}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
