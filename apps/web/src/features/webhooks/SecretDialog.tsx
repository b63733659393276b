import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { ShownOnceDialog } from "../../components/ShownOnceDialog.tsx";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { deliveryTime } from "./delivery-labels.ts";

/**
 * The signing secret of a new endpoint, or a rotated one, shown this once (the server keeps it sealed, only to
 * sign). After a rotation `previousUntil` says until when the old secret still signs beside it.
 */
export function SecretDialog({
  secret,
  previousUntil,
  onClose,
}: {
  secret: string | null;
  previousUntil?: string | null;
  onClose(): void;
}) {
  const zone = useViewerZone();
  return (
    <ShownOnceDialog
      value={secret}
      title="Signing secret"
      id="webhook-secret-title"
      valueLabel="Endpoint secret"
      onClose={onClose}
      before={
        <>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copy it now: it is not shown again. Your receiver uses it to verify each event.
          </Alert>
          {previousUntil && (
            <Alert severity="info" sx={{ mb: 2 }}>
              The old secret keeps working until {deliveryTime(previousUntil ?? null, zone)}: until then each event
              carries a signature made with each secret, so your receiver verifies with either while you deploy the new
              one.
            </Alert>
          )}
        </>
      }
      after={
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Events are signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>,{" "}
          <code>webhook-signature</code>).
        </Typography>
      }
    />
  );
}
