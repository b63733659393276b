import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { ShownOnceDialog } from "../../components/ShownOnceDialog.tsx";

/** A new key's secret, shown this once: the server keeps only its hash and cannot show it again. */
export function KeySecretDialog({ secret, onClose }: { secret: string | null; onClose(): void }) {
  return (
    <ShownOnceDialog
      value={secret}
      title="Your new API key"
      id="api-key-secret-title"
      valueLabel="API key secret"
      onClose={onClose}
      before={
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: it is not shown again. Keep it as secret as a password.
        </Alert>
      }
      after={
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Send it with every request: <code>Authorization: Bearer {secret?.slice(0, 12)}…</code>
        </Typography>
      }
    />
  );
}
