import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";

export type Toast = { severity: "success" | "error"; message: string } | null;

/** Campaign toasts: top right, auto-hide after 6 s (spec §9). */
export function CampaignToast({ toast, onClose }: { toast: Toast; onClose(): void }) {
  return (
    <Snackbar
      open={toast !== null}
      autoHideDuration={6000}
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
