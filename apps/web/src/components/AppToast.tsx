import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";

/** A toast; `durationMs` defaults to 6 s (the spec's error toasts; success toasts pass 3 s where it says so). */
export type Toast = { severity: "success" | "error"; message: string; durationMs?: number } | null;

/** Every screen's toasts: top right, auto-hiding (spec §8–9). */
export function AppToast({ toast, onClose }: { toast: Toast; onClose(): void }) {
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
