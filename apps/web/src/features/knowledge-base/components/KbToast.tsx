import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";

export type Toast = { severity: "success" | "error"; message: string; durationMs: number } | null;

/** Knowledge-base toasts, top right; the duration comes with the message (spec §8: 3 s or 6 s). */
export function KbToast({ toast, onClose }: { toast: Toast; onClose(): void }) {
  return (
    <Snackbar
      open={toast !== null}
      autoHideDuration={toast?.durationMs ?? 6000}
      onClose={(_, reason) => reason !== "clickaway" && onClose()}
      anchorOrigin={{ vertical: "top", horizontal: "right" }}
    >
      {toast ? (
        <Alert severity={toast.severity} variant="filled" onClose={onClose} sx={{ width: "100%" }}>
          {toast.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
