import { useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";

type Props = {
  /** The value to show and copy; null keeps the dialog closed. */
  value: string | null;
  title: string;
  /** Names the dialog's title element and the value's accessible label. */
  id: string;
  valueLabel: string;
  copyLabel?: string;
  /** Said above the value (why it is shown only now). */
  before: ReactNode;
  /** Said below it (how to use it). */
  after?: ReactNode;
  onClose(): void;
};

/**
 * A secret or one-time link the server cannot show again (it keeps only a hash or uses it only to sign):
 * shown once, with Copy and Done. API keys, webhook secrets and invitation links use it.
 */
export function ShownOnceDialog({ value, title, id, valueLabel, copyLabel = "Copy", before, after, onClose }: Props) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(value ?? "").then(
      () => setCopied(true),
      () => setCopied(false),
    );
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={value !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        {before}
        <Box
          component="code"
          aria-label={valueLabel}
          sx={{
            display: "block",
            p: 1.5,
            bgcolor: "action.hover",
            borderRadius: 1,
            wordBreak: "break-all",
            fontSize: 14,
          }}
        >
          {value}
        </Box>
        {after}
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{copied ? "Copied" : copyLabel}</Button>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
