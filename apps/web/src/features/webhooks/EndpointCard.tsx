import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { WebhookEndpoint } from "@parley/shared/webhooks";
import { DeliveryLog } from "./DeliveryLog.tsx";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { deliveryTime } from "./delivery-labels.ts";

type Props = {
  endpoint: WebhookEndpoint;
  busy: boolean;
  onTest(): void;
  onEdit(): void;
  onRotate(): void;
  onDelete(): void;
  onResend(deliveryId: string): void;
};

/** One endpoint: its address and events, whether it is failing, its actions and its delivery log. */
export function EndpointCard({ endpoint: e, busy, onTest, onEdit, onRotate, onDelete, onResend }: Props) {
  const zone = useViewerZone();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Endpoint ${e.url}`}
      sx={{ p: { xs: 2, md: 2.5 }, borderRadius: 2 }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 600, wordBreak: "break-all", flex: "1 1 280px" }}>
          {e.url}
        </Typography>
        {e.failing_since && <Chip color="error" label={`Failing since ${deliveryTime(e.failing_since, zone)}`} />}
      </Box>
      {e.description && (
        <Typography variant="body2" color="text.secondary">
          {e.description}
        </Typography>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.75, my: 1.5 }}>
        {e.events.map((ev) => (
          <Chip key={ev} size="small" variant="outlined" label={ev} sx={{ fontFamily: "monospace" }} />
        ))}
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2 }}>
        <Button variant="contained" size="small" disabled={busy} onClick={onTest}>
          Send test event
        </Button>
        <Button size="small" onClick={onEdit}>
          Edit
        </Button>
        <Button size="small" disabled={busy} onClick={onRotate}>
          Rotate secret
        </Button>
        <Button size="small" color="error" onClick={onDelete}>
          Delete
        </Button>
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Delivery log
      </Typography>
      <DeliveryLog endpointId={e.id} onResend={onResend} resending={busy} />
    </Paper>
  );
}
