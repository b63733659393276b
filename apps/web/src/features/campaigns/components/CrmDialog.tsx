import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";

const BENEFITS = [
  "Fetch leads directly from your CRM",
  "Map CRM contacts to campaign fields automatically",
  "Sync call results back to your CRM",
];

export function CrmDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="crm-dialog-title">
      <DialogTitle id="crm-dialog-title">CRM Integration</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Your CRM is not integrated yet. Please contact your Admin to set up CRM integration.
        </Typography>
        <Typography variant="subtitle2" color="text.secondary">
          Once integrated you will be able to:
        </Typography>
        <List dense>
          {BENEFITS.map((b) => (
            <ListItem key={b}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutline color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={b} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
