import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";

/** The signing secret of a new endpoint, shown this once (the server keeps it only to sign). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? "").then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">Signing secret</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>Copy it now: it is not shown again. Your receiver uses it to verify each event.</Alert>
        <Box component="code" aria-label="Endpoint secret" sx={{ display: "block", p: 1.5, bgcolor: "action.hover", borderRadius: 1, wordBreak: "break-all", fontSize: 14 }}>
          {secret}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Events are signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{copied ? "Copied" : "Copy"}</Button>
        <Button variant="contained" onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
