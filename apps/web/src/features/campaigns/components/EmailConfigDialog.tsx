import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import { EMAIL_ATTACHMENT_EXTENSIONS, formatMb, isAllowedAttachment } from "../logic/file-checks.ts";

export type EmailConfig = { subject: string; body: string; attachments: File[] };

type Props = { open: boolean; value: EmailConfig; onChange(next: EmailConfig): void; onClose(): void };

const ACCEPT = EMAIL_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(",");

/** 'Email Campaign Configuration': only reachable for the email channel (disabled today). */
export function EmailConfigDialog({ open, value, onChange, onClose }: Props) {
  const addFiles = (files: FileList | null) => {
    const picked = Array.from(files ?? []).filter((f) => isAllowedAttachment(f.name));
    onChange({ ...value, attachments: [...value.attachments, ...picked] });
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="email-dialog-title">
      <DialogTitle id="email-dialog-title">Email Campaign Configuration</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Subject"
            required
            value={value.subject}
            onChange={(e) => onChange({ ...value, subject: e.target.value })}
          />
          <TextField
            label="Body"
            required
            multiline
            minRows={5}
            value={value.body}
            onChange={(e) => onChange({ ...value, body: e.target.value })}
          />
          <Box>
            <Button component="label" variant="outlined" startIcon={<AttachFile />}>
              Attachments
              <input hidden type="file" multiple accept={ACCEPT} onChange={(e) => addFiles(e.target.files)} />
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, display: "block" }}>
              {EMAIL_ATTACHMENT_EXTENSIONS.join(", ").toUpperCase()}
            </Typography>
            <List dense>
              {value.attachments.map((f, i) => (
                <ListItem
                  // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
                  key={`${f.name}-${i}`}
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${f.name}`}
                      onClick={() => onChange({ ...value, attachments: value.attachments.filter((_, j) => j !== i) })}
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemText primary={f.name} secondary={formatMb(f.size)} />
                </ListItem>
              ))}
            </List>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
