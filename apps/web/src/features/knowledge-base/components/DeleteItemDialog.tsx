import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { KbMessages } from "@parley/shared/knowledge-base";

type Props = { itemName: string | null; busy: boolean; onCancel(): void; onConfirm(): void };

/** Confirmation before delete; open while an item name is given. */
export function DeleteItemDialog({ itemName, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={itemName !== null} onClose={onCancel} aria-labelledby="delete-kb-title">
      <DialogTitle id="delete-kb-title">Delete knowledge base item</DialogTitle>
      <DialogContent>
        <DialogContentText>{KbMessages.deleteConfirm}</DialogContentText>
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
