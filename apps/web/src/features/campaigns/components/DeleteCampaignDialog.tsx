import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

type Props = { campaignName: string | null; busy: boolean; onCancel(): void; onConfirm(): void };

/** Confirmation before delete; open while a campaign name is given. */
export function DeleteCampaignDialog({ campaignName, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={campaignName !== null} onClose={onCancel} aria-labelledby="delete-campaign-title">
      <DialogTitle id="delete-campaign-title">Delete campaign</DialogTitle>
      <DialogContent>
        <DialogContentText>Are you sure you want to delete this campaign?</DialogContentText>
        {campaignName && <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>{campaignName}</DialogContentText>}
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
