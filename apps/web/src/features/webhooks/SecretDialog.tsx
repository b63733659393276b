import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { ShownOnceDialog } from "../../components/ShownOnceDialog.tsx";

/** The signing secret of a new endpoint, shown this once (the server keeps it only to sign). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose(): void }) {
  return (
    <ShownOnceDialog
      value={secret}
      title="Signing secret"
      id="webhook-secret-title"
      valueLabel="Endpoint secret"
      onClose={onClose}
      before={<Alert severity="warning" sx={{ mb: 2 }}>Copy it now: it is not shown again. Your receiver uses it to verify each event.</Alert>}
      after={
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Events are signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).
        </Typography>
      }
    />
  );
}
