import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";

/** A new key's secret, shown this once: the server keeps only its hash and cannot show it again. */
export function KeySecretDialog({ secret, onClose }: { secret: string | null; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? "").then(() => setCopied(true), () => setCopied(false));
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={secret !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="api-key-secret-title">
      <DialogTitle id="api-key-secret-title">Your new API key</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>Copy it now: it is not shown again. Keep it as secret as a password.</Alert>
        <Box component="code" aria-label="API key secret" sx={{ display: "block", p: 1.5, bgcolor: "action.hover", borderRadius: 1, wordBreak: "break-all", fontSize: 14 }}>
          {secret}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Send it with every request: <code>Authorization: Bearer {secret?.slice(0, 12)}…</code>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{copied ? "Copied" : "Copy"}</Button>
        <Button variant="contained" onClick={close}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
